import type { ChatPerson, Conversation } from '@contract/chat';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { serverErrorMessage } from '@/lib/form-errors';
import { useCreateConversation } from '../api/create-conversation';
import { PeoplePicker } from './people-picker';

/** contract/chat.ts's DIRECT_MEMBERS_MAX − 1: the others in a direct conversation. */
const DIRECT_OTHERS_MAX = 7;

/** 'New message': pick one or more people; their existing conversation opens if there is one. */
export function NewMessageDialog({
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
    <Dialog open={open} onOpenChange={onOpenChange} title="New message" closeOnOutsideClick={false}>
      {open && <DirectForm people={people} onCreated={onCreated} />}
    </Dialog>
  );
}

function DirectForm({
  people,
  onCreated,
}: {
  people: readonly ChatPerson[];
  onCreated: (c: Conversation) => void;
}) {
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const create = useCreateConversation();
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (selected.length === 0) return setError('Choose at least one person.');
        if (selected.length > DIRECT_OTHERS_MAX) return setError(`${DIRECT_OTHERS_MAX} people at most.`);
        setError(undefined);
        create.mutate({ kind: 'direct', memberIds: selected }, { onSuccess: onCreated });
      }}
    >
      <PeoplePicker legend="To" people={people} selected={selected} onChange={setSelected} error={error} />
      {create.isError && (
        <Alert tone="error">
          {serverErrorMessage(create.error, 'The conversation could not be started.')}
        </Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" pending={create.isPending}>
          Start conversation
        </Button>
      </DialogFooter>
    </form>
  );
}
