import { zodResolver } from '@hookform/resolvers/zod';
import { respondTransition, TASK_REASON_MAX, type Task, type TaskResponseAction } from '@contract/tasks';
import { useQueryClient } from '@tanstack/react-query';
import { Check, CirclePlay, ThumbsUp, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/text-area-field';
import { notify } from '@/lib/notify';
import { queuedMessage, useOutboxSubmit } from '@/lib/outbox';
import { tasksQueryKeys } from '../api/query-keys';
import { taskResponseAction } from '../api/respond-to-task';
import { applyResponse, replaceTask } from '../task-cache';

const declineForm = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why you decline.')
    .max(TASK_REASON_MAX, `Reason is too long (${TASK_REASON_MAX} characters at most).`),
});
type DeclineValues = z.input<typeof declineForm>;

const buttons: { action: Exclude<TaskResponseAction, 'decline'>; label: string; Icon: typeof Check }[] = [
  { action: 'accept', label: 'Accept', Icon: ThumbsUp },
  { action: 'start', label: 'Start', Icon: CirclePlay },
  { action: 'done', label: 'Mark done', Icon: Check },
];

const doneMessage: Record<TaskResponseAction, string> = {
  accept: 'Task accepted.',
  decline: 'Task declined.',
  start: 'Task started.',
  done: 'Task marked done. Thank you!',
};

const failed = 'Your answer could not be saved on this device. Try again.';

/**
 * A volunteer's answers to their own assignment: Accept, Start, Mark done, and Decline with a reason.
 * They go through the outbox: the card shows the answer at once, and offline it waits on the device
 * ("Waiting to send") and is sent once when the connection is back, under the entry's key.
 */
export function VolunteerActions({ task, viewerId }: { task: Task; viewerId: string }) {
  const queryClient = useQueryClient();
  const action = useMemo(() => taskResponseAction(task.id), [task.id]);
  const submit = useOutboxSubmit(action, { fallback: failed });
  const [declining, setDeclining] = useState(false);
  const mine = task.assignments.find((a) => a.volunteerId === viewerId);
  if (!mine) return null;
  const possible = (a: TaskResponseAction) =>
    respondTransition(mine.status, a, task.ownStatus).kind === 'change';

  const respond = async (chosen: TaskResponseAction, reason?: string) => {
    applyResponse(queryClient, task.id, viewerId, chosen, reason);
    const outcome = await submit.send({ action: chosen, ...(reason ? { reason } : {}) });
    if (outcome.status === 'sent') {
      replaceTask(queryClient, outcome.response as Task);
      notify.success(doneMessage[chosen]);
    } else if (outcome.status === 'queued') {
      notify.message(queuedMessage('answer', outcome.reason));
    } else {
      notify.error(outcome.alert ?? outcome.error.message);
      // The refusal (a cancelled task, another answer first) stands: show the server's copy again.
      void queryClient.invalidateQueries({ queryKey: tasksQueryKeys.lists() });
    }
  };

  const shown = buttons.filter((b) => possible(b.action));
  if (!shown.length && !possible('decline')) return null;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Your answer">
      {shown.map(({ action: a, label, Icon }) => (
        <Button
          key={a}
          variant={a === 'accept' || a === 'done' ? 'primary' : 'secondary'}
          disabled={submit.pending}
          onClick={() => void respond(a)}
        >
          <Icon aria-hidden className="size-4" />
          {label}
        </Button>
      ))}
      {possible('decline') && (
        <DeclineDialog
          open={declining}
          onOpenChange={setDeclining}
          title={task.title}
          onDecline={(reason) => {
            setDeclining(false);
            void respond('decline', reason);
          }}
          trigger={
            <Button variant="ghost" disabled={submit.pending}>
              <X aria-hidden className="size-4" />
              Decline
            </Button>
          }
        />
      )}
    </div>
  );
}

function DeclineDialog({
  open,
  onOpenChange,
  title,
  onDecline,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  onDecline: (reason: string) => void;
  trigger: React.ReactElement;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={`Decline “${title}”?`}
      description="The organiser sees your reason, so they can find someone else."
      closeOnOutsideClick={false}
      size="sm"
    >
      {open && <DeclineForm onDecline={onDecline} />}
    </Dialog>
  );
}

function DeclineForm({ onDecline }: { onDecline: (reason: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DeclineValues, unknown, z.output<typeof declineForm>>({
    resolver: zodResolver(declineForm),
    defaultValues: { reason: '' },
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ reason }) => onDecline(reason))}
      className="flex flex-col gap-4"
    >
      <TextAreaField
        label="Reason"
        rows={3}
        required
        hint="For example: I am away that week."
        error={errors.reason?.message}
        {...register('reason')}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Keep the task</Button>
        </DialogClose>
        <Button type="submit" variant="danger">
          Decline task
        </Button>
      </DialogFooter>
    </form>
  );
}
