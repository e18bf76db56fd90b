import { responseActionLeadsTo, taskStatus, type Task, type TaskResponseAction } from '@contract/tasks';
import type { QueryClient } from '@tanstack/react-query';
import type { TaskListAnswer } from './api/get-tasks';
import { tasksQueryKeys } from './api/query-keys';

/*
 * Changes to the tasks held in the cache: a task the server answered replaces its old copy in every
 * list at once, and a volunteer's own answer shows at once, before (or without) the network.
 */

/** The task with `volunteerId`'s assignment moved by `action`, its shown status worked out again. */
export function withResponse(
  task: Task,
  volunteerId: string,
  action: TaskResponseAction,
  reason?: string,
): Task {
  const to = responseActionLeadsTo[action];
  const assignments = task.assignments.map((a) =>
    a.volunteerId === volunteerId
      ? { ...a, status: to, declineReason: action === 'decline' ? (reason ?? null) : null }
      : a,
  );
  return { ...task, assignments, status: taskStatus({ status: task.ownStatus }, assignments) };
}

function updateLists(queryClient: QueryClient, change: (items: Task[]) => Task[]) {
  queryClient.setQueriesData<TaskListAnswer>({ queryKey: tasksQueryKeys.lists() }, (old) =>
    old ? { ...old, items: change(old.items) } : old,
  );
}

/** Puts the server's copy of a task in every cached list that holds it. */
export const replaceTask = (queryClient: QueryClient, task: Task) =>
  updateLists(queryClient, (items) => items.map((t) => (t.id === task.id ? task : t)));

/** Shows a volunteer's answer in every cached list at once. */
export const applyResponse = (
  queryClient: QueryClient,
  taskId: string,
  volunteerId: string,
  action: TaskResponseAction,
  reason?: string,
) =>
  updateLists(queryClient, (items) =>
    items.map((t) => (t.id === taskId ? withResponse(t, volunteerId, action, reason) : t)),
  );
