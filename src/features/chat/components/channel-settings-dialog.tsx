import { zodResolver } from '@hookform/resolvers/zod';
import { conversationCreate, type ChatPerson, type Conversation } from '@contract/chat';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { applyServerError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useAddMembers, useChangeConversation, useRemoveMember } from '../api/manage-channel';
import { PeoplePicker } from './people-picker';

// The contract's own rules for a channel's name and topic: the form says what the API would.
const aboutForm = conversationCreate.options[0].pick({ name: true, topic: true });
type AboutValues = z.input<typeof aboutForm>;
type AboutBody = z.output<typeof aboutForm>;

type Confirming = { kind: 'leave' } | { kind: 'archive' } | { kind: 'remove'; person: ChatPerson } | null;

/**
 * A channel's settings, for its members: name and topic (the creator or a moderator changes them),
 * members (a private channel's members add people; in a public one people join themselves, and the
 * creator or a moderator adds or removes), leaving, and archiving. Online only, like the server's
 * checks it waits for.
 */
export function ChannelSettingsDialog({
  conversation,
  viewerId,
  people,
  open,
  onOpenChange,
  onGone,
}: {
  conversation: Conversation;
  viewerId: string;
  people: readonly ChatPerson[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The caller left the channel or archived it: the screen goes back to the list. */
  onGone: () => void;
}) {
  const [confirming, setConfirming] = useState<Confirming>(null);
  return (
    <>
      <Dialog
        open={open && confirming === null}
        onOpenChange={onOpenChange}
        title={`#${conversation.name} settings`}
        closeOnOutsideClick={false}
      >
        {open && (
          <div className="flex flex-col gap-6">
            {conversation.canManage ? (
              <AboutForm conversation={conversation} />
            ) : (
              <section aria-label="About" className="text-sm">
                <p className="font-semibold">#{conversation.name}</p>
                <p className="text-slate-600 dark:text-slate-400">{conversation.topic || 'No topic.'}</p>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  Only the channel’s creator or an admin can rename it.
                </p>
              </section>
            )}
            <Members
              conversation={conversation}
              viewerId={viewerId}
              people={people}
              onRemove={(person) => setConfirming({ kind: 'remove', person })}
            />
            <section aria-label="Leave or archive" className="flex flex-wrap gap-2">
              {conversation.joined && (
                <Button variant="secondary" onClick={() => setConfirming({ kind: 'leave' })}>
                  Leave channel
                </Button>
              )}
              {conversation.canManage && (
                <Button variant="danger" onClick={() => setConfirming({ kind: 'archive' })}>
                  Archive channel
                </Button>
              )}
            </section>
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        conversation={conversation}
        viewerId={viewerId}
        confirming={confirming}
        onClose={() => setConfirming(null)}
        onGone={() => {
          setConfirming(null);
          onOpenChange(false);
          onGone();
        }}
      />
    </>
  );
}

function AboutForm({ conversation }: { conversation: Conversation }) {
  const change = useChangeConversation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<AboutValues, unknown, AboutBody>({
    resolver: zodResolver(aboutForm),
    mode: 'onTouched',
    defaultValues: { name: conversation.name, topic: conversation.topic },
  });
  const onValid = (body: AboutBody) => {
    setFailure(null);
    // Only what changed: a rename never overwrites a topic someone else set meanwhile.
    const changed = {
      ...(body.name !== conversation.name && { name: body.name }),
      ...(body.topic !== conversation.topic && { topic: body.topic }),
    };
    if (Object.keys(changed).length === 0) {
      notify.message('Nothing was changed.');
      return;
    }
    change.mutate(
      { id: conversation.id, change: changed },
      {
        onSuccess: (saved) => {
          notify.success('Channel saved.');
          reset({ name: saved.name, topic: saved.topic });
        },
        onError: (error) =>
          setFailure(applyServerError(error, setError, ['name', 'topic'], 'The channel could not be saved.')),
      },
    );
  };
  return (
    <form
      noValidate
      aria-label="About"
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      className="flex flex-col gap-3"
    >
      <Field label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <Field label="Topic" autoComplete="off" error={errors.topic?.message} {...register('topic')} />
      {failure && <Alert tone="error">{failure}</Alert>}
      <div>
        <Button type="submit" pending={change.isPending} pendingLabel="Saving…" disabled={!isDirty}>
          Save
        </Button>
      </div>
    </form>
  );
}

function Members({
  conversation,
  viewerId,
  people,
  onRemove,
}: {
  conversation: Conversation;
  viewerId: string;
  people: readonly ChatPerson[];
  onRemove: (person: ChatPerson) => void;
}) {
  const add = useAddMembers();
  const [adding, setAdding] = useState<string[] | null>(null);
  const memberIds = new Set(conversation.members.map((m) => m.id));
  const addable = people.filter((p) => !memberIds.has(p.id));
  // The server's rule: in a private channel its members add people; in a public one, its managers.
  const mayAdd = conversation.joined && (conversation.visibility === 'private' || conversation.canManage);
  const save = (ids: string[]) =>
    add.mutate(
      { id: conversation.id, userIds: ids },
      {
        onSuccess: () => {
          notify.success(ids.length === 1 ? 'Person added.' : `${ids.length} people added.`);
          setAdding(null);
        },
        onError: (error) => notify.error(errorMessage(error, 'The people could not be added.')),
      },
    );
  return (
    <section aria-labelledby="channel-members-title" className="flex flex-col gap-2">
      <h3 id="channel-members-title" className="text-sm font-semibold">
        Members ({conversation.members.length})
      </h3>
      <ul className="max-h-56 overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-700">
        {conversation.members.map((member) => (
          <li
            key={member.id}
            className="flex min-h-11 items-center justify-between gap-2 border-b border-slate-100 px-3 last:border-b-0 dark:border-slate-800"
          >
            <span className="truncate text-sm">
              {member.name}
              {member.id === viewerId && ' (you)'}
            </span>
            {conversation.canManage && member.id !== viewerId && (
              <Button variant="ghost" aria-label={`Remove ${member.name}`} onClick={() => onRemove(member)}>
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      {mayAdd &&
        (adding === null ? (
          <div>
            <Button variant="secondary" onClick={() => setAdding([])} disabled={addable.length === 0}>
              Add people
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <PeoplePicker legend="People to add" people={addable} selected={adding} onChange={setAdding} />
            <div className="flex gap-2">
              <Button
                pending={add.isPending}
                pendingLabel="Adding…"
                disabled={adding.length === 0}
                onClick={() => save(adding)}
              >
                Add {adding.length > 0 ? adding.length : ''}
              </Button>
              <Button variant="ghost" onClick={() => setAdding(null)}>
                Cancel
              </Button>
            </div>
          </div>
        ))}
    </section>
  );
}

function ConfirmDialog({
  conversation,
  viewerId,
  confirming,
  onClose,
  onGone,
}: {
  conversation: Conversation;
  viewerId: string;
  confirming: Confirming;
  onClose: () => void;
  onGone: () => void;
}) {
  const remove = useRemoveMember();
  const change = useChangeConversation();
  const pending = remove.isPending || change.isPending;
  const text =
    confirming?.kind === 'leave'
      ? {
          title: `Leave #${conversation.name}?`,
          body:
            conversation.visibility === 'private'
              ? 'It is a private channel: you will need a member to add you again.'
              : 'You can join it again from Browse channels.',
          action: 'Leave',
        }
      : confirming?.kind === 'archive'
        ? {
            title: `Archive #${conversation.name}?`,
            body: 'Nobody can post in it any more, and it leaves everyone’s list. Its messages stay searchable.',
            action: 'Archive',
          }
        : confirming?.kind === 'remove'
          ? {
              title: `Remove ${confirming.person.name}?`,
              body: `${confirming.person.name} will no longer see new messages in #${conversation.name}.`,
              action: 'Remove',
            }
          : null;
  const act = () => {
    if (!confirming) return;
    if (confirming.kind === 'archive') {
      change.mutate(
        { id: conversation.id, change: { archived: true } },
        {
          onSuccess: () => {
            notify.success(`#${conversation.name} archived.`);
            onGone();
          },
          onError: (error) => notify.error(errorMessage(error, 'The channel could not be archived.')),
        },
      );
      return;
    }
    const userId = confirming.kind === 'leave' ? viewerId : confirming.person.id;
    remove.mutate(
      { id: conversation.id, userId },
      {
        onSuccess: () => {
          if (confirming.kind === 'leave') {
            notify.success(`You left #${conversation.name}.`);
            onGone();
          } else {
            notify.success(`${confirming.person.name} removed.`);
            onClose();
          }
        },
        onError: (error) => notify.error(errorMessage(error, 'That could not be done.')),
      },
    );
  };
  return (
    <Dialog
      open={text !== null}
      onOpenChange={(next) => !next && onClose()}
      title={text?.title ?? ''}
      description={text?.body}
      role="alertdialog"
      size="sm"
    >
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button variant="danger" pending={pending} onClick={act} data-autofocus>
          {text?.action}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
