import type { Task, TaskChange } from '@contract/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { replaceTask } from '../task-cache';
import { tasksQueryKeys } from './query-keys';

export interface UpdateTaskInput {
  taskId: string;
  change: TaskChange;
}

/** PATCH /api/tasks/{taskId}: the task as changed; 409 once it is cancelled. */
export const updateTask = ({ taskId, change }: UpdateTaskInput) =>
  api<Task>(`/tasks/${encodeURIComponent(taskId)}`, { method: 'PATCH', body: change });

/** Edits a task: the changed task replaces the old in every list, then the lists are asked again. */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    // Online only: staff edit with a connection, and the screen disables editing offline.
    networkMode: 'always',
    onSuccess: (task) => replaceTask(queryClient, task),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tasksQueryKeys.lists() }),
  });
}
