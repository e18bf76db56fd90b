import { zodResolver } from '@hookform/resolvers/zod';
import { conversationCreate, type ChatPerson, type Conversation } from '@contract/chat';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { applyServerError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCreateConversation } from '../api/create-conversation';
import { PeoplePicker } from './people-picker';

// The contract's channel body: the dialog gives the same messages as the API.
const channelForm = conversationCreate.options[0];
type ChannelValues = z.input<typeof channelForm>;
type ChannelBody = z.output<typeof channelForm>;

/** 'New channel': name, topic, public or private, first members. Online only (names are checked). */
export function NewChannelDialog({
  open,
  onOpenChange,
  people,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  people: readonly ChatPerson[];
  onCreated: (conversation: Conversation) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New channel" closeOnOutsideClick={false}>
      {open && <ChannelForm people={people} onCreated={onCreated} />}
    </Dialog>
  );
}

function ChannelForm({
  people,
  onCreated,
}: {
  people: readonly ChatPerson[];
  onCreated: (c: Conversation) => void;
}) {
  const create = useCreateConversation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ChannelValues, unknown, ChannelBody>({
    resolver: zodResolver(channelForm),
    mode: 'onTouched',
    defaultValues: { kind: 'channel', name: '', topic: '', visibility: 'public', memberIds: [] },
  });
  const onValid = (body: ChannelBody) => {
    setFailure(null);
    create.mutate(body, {
      onSuccess: (made) => {
        notify.success(`Channel #${made.name} created.`);
        onCreated(made);
      },
      onError: (error) =>
        setFailure(
          applyServerError(
            error,
            setError,
            ['name', 'topic', 'memberIds'],
            'The channel could not be created.',
          ),
        ),
    });
  };
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-4">
      <Field label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <Field
        label="Topic (optional)"
        autoComplete="off"
        error={errors.topic?.message}
        {...register('topic')}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">Who can find it</legend>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="radio" value="public" className="size-4" {...register('visibility')} />
          Public: everyone in the organisation can find and join it
        </label>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="radio" value="private" className="size-4" {...register('visibility')} />
          Private: only its members see it
        </label>
      </fieldset>
      <Controller
        control={control}
        name="memberIds"
        render={({ field }) => (
          <PeoplePicker
            legend="Members (optional)"
            people={people}
            selected={field.value ?? []}
            onChange={field.onChange}
            error={errors.memberIds?.message}
          />
        )}
      />
      {failure && <Alert tone="error">{failure}</Alert>}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" pending={create.isPending}>
          Create channel
        </Button>
      </DialogFooter>
    </form>
  );
}
