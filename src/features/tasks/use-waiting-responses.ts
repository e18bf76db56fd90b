import type { Task, TaskResponseAction } from '@contract/tasks';
import { useMemo } from 'react';
import { useOutbox, type OutboxEntry } from '@/lib/outbox';
import { TASK_RESPONSE_KIND, taskResponseUrl } from './api/respond-to-task';
import { withResponse } from './task-cache';

export interface TaskWithWaiting {
  /** The task as the volunteer will see it once their waiting answers arrive. */
  task: Task;
  /** Their answers to it kept on the device, oldest first. */
  waiting: OutboxEntry[];
  /** Their answers the server refused in the background: kept under "Needs attention". */
  attention: OutboxEntry[];
}

const forTask = (entries: OutboxEntry[], taskId: string) => {
  const url = taskResponseUrl(taskId);
  return entries.filter((e) => e.kind === TASK_RESPONSE_KIND && e.url === url);
};

/**
 * Tasks with the viewer's answers still in the outbox laid over them, so a card shows what the
 * volunteer did at once and after a reload, while it waits for a connection, until the server has it.
 */
export function useWaitingResponses(
  tasks: Task[] | undefined,
  viewerId: string,
): TaskWithWaiting[] | undefined {
  const { waiting, attention } = useOutbox();
  return useMemo(
    () =>
      tasks?.map((task) => {
        const mine = forTask(waiting, task.id);
        const shown = mine.reduce((t, entry) => {
          const body = entry.body as { action: TaskResponseAction; reason?: string };
          return withResponse(t, viewerId, body.action, body.reason);
        }, task);
        return { task: shown, waiting: mine, attention: forTask(attention, task.id) };
      }),
    [tasks, waiting, attention, viewerId],
  );
}
