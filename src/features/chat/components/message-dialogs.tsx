import type { ChatPerson, Message } from '@contract/chat';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/text-area-field';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDeleteMessage } from '../api/delete-message';
import { useEditMessage } from '../api/edit-message';
import { mentionIdsOf } from '../mentions';

/** 'Edit': the author's text in a box; saved online (an edit is not queued). */
export function EditMessageDialog({
  message,
  people,
  onClose,
}: {
  message: Message | null;
  people: readonly ChatPerson[];
  onClose: () => void;
}) {
  const [text, setText] = useState(message?.body ?? '');
  const edit = useEditMessage();
  const save = () => {
    const body = text.trim();
    if (!message || !body) return;
    edit.mutate(
      { messageId: message.id, change: { body, mentionIds: mentionIdsOf(body, people) } },
      {
        onSuccess: () => {
          notify.success('Message edited.');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit message"
      closeOnOutsideClick={false}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
        className="flex flex-col gap-3"
      >
        <TextAreaField
          label="Message"
          value={text}
          rows={4}
          onChange={(event) => setText(event.target.value)}
          error={text.trim() ? undefined : 'Write a message.'}
        />
        {edit.isError && (
          <Alert tone="error">{errorMessage(edit.error, 'The message could not be edited.')}</Alert>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" pending={edit.isPending} disabled={!text.trim()}>
            Save
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** 'Delete': asked once more, then the message shows as deleted for everyone. */
export function DeleteMessageDialog({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const remove = useDeleteMessage();
  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      title="Delete this message?"
      description="Everyone in the conversation will see that a message was deleted."
      size="sm"
    >
      {remove.isError && (
        <Alert tone="error">{errorMessage(remove.error, 'The message could not be deleted.')}</Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button
          variant="danger"
          pending={remove.isPending}
          onClick={() =>
            message &&
            remove.mutate(message.id, {
              onSuccess: () => {
                notify.success('Message deleted.');
                onClose();
              },
            })
          }
        >
          Delete
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
