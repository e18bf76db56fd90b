import type { Task } from '@contract/tasks';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useOffline } from '@/lib/connectivity';
import { serverErrorMessage } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCancelTask } from '../api/cancel-task';

/** Cancelling a task, with an optional reason its volunteers see. Online only. */
export function CancelTaskDialog({
  task,
  onOpenChange,
  onCloseAutoFocus,
}: {
  task: Task;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const cancel = useCancelTask();
  const offline = useOffline();
  const noteId = useId();
  const [reason, setReason] = useState('');
  const confirm = () =>
    cancel.mutate(
      { taskId: task.id, body: reason.trim() ? { reason: reason.trim() } : {} },
      {
        onSuccess: () => {
          notify.success(`“${task.title}” is cancelled.`);
          onOpenChange(false);
        },
        onError: (error) =>
          notify.error(serverErrorMessage(error, 'The task could not be cancelled. Try again.')),
      },
    );
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      role="alertdialog"
      size="sm"
      title={`Cancel “${task.title}”?`}
      description="Its volunteers see it cancelled and can no longer answer it."
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <TextAreaField
        label="Reason (optional)"
        rows={3}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
      {offline && (
        <NeedsNetworkNote id={noteId} className="mt-3">
          Cancelling a task needs a connection.
        </NeedsNetworkNote>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Keep task</Button>
        </DialogClose>
        <Button
          variant="danger"
          pending={cancel.isPending}
          pendingLabel="Cancelling..."
          disabled={offline}
          aria-describedby={offline ? noteId : undefined}
          onClick={confirm}
        >
          Cancel task
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
