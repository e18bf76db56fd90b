import type { Task, TaskCreate } from '@contract/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tasksQueryKeys } from './query-keys';

export interface CreateTaskInput {
  body: TaskCreate;
  /** One per task being written (lib/idempotency.ts): a double tap makes one task. */
  idempotencyKey: string;
}

/** POST /api/tasks: the task as made. Trusted, not parsed (a type-only import). */
export const createTask = ({ body, idempotencyKey }: CreateTaskInput) =>
  api<Task>('/tasks', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

/** Makes a task; every list is asked again (where it lands depends on each filter). Online only. */
export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: tasksQueryKeys.lists() }),
  });
}
