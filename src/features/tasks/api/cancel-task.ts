import type { Task, TaskCancel } from '@contract/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { replaceTask } from '../task-cache';
import { tasksQueryKeys } from './query-keys';

export interface CancelTaskInput {
  taskId: string;
  body: TaskCancel;
}

/** POST /api/tasks/{taskId}/cancel: the cancelled task (a second cancel answers it as is). */
export const cancelTask = ({ taskId, body }: CancelTaskInput) =>
  api<Task>(`/tasks/${encodeURIComponent(taskId)}/cancel`, { method: 'POST', body });

/** Cancels a task: it shows cancelled in every list at once, then the lists are asked again. */
export function useCancelTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTask,
    networkMode: 'always',
    onSuccess: (task) => replaceTask(queryClient, task),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tasksQueryKeys.lists() }),
  });
}
