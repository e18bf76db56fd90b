import type { TaskResponse } from '@contract/tasks';
import { defineOutboxAction, type DefinedOutboxAction } from '@/lib/outbox';

/** The outbox entries of this action carry this kind (the card finds its waiting answers by it). */
export const TASK_RESPONSE_KIND = 'task-response';

export const taskResponseUrl = (taskId: string) => `/tasks/${encodeURIComponent(taskId)}/response`;

/**
 * A volunteer's answer to their assignment (accept, decline with a reason, start, done) goes through
 * the outbox (issue 15): made in the field, often without a connection, it is kept on the device and
 * sent when there is one. The outbox entry's key is the Idempotency-Key, so a send whose answer was
 * lost is answered the same by the server when it comes again. One action per task: its address
 * names the task, and `useOutboxSubmit` sends to the action's address.
 */
export const taskResponseAction = (
  taskId: string,
): DefinedOutboxAction<TaskResponse & Record<string, unknown>> =>
  defineOutboxAction({
    kind: TASK_RESPONSE_KIND,
    method: 'POST',
    url: taskResponseUrl(taskId),
    label: 'Task answer',
  });
