import type { Task } from '@contract/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { activityQueryKeys } from './query-keys';

export interface TaskOption {
  id: string;
  title: string;
  dueOn: string;
}

/**
 * The tasks a volunteer may name in a report: GET /api/tasks, which lists only their own
 * assignments to a volunteer. One page of 100 (the newest due days are the likely ones); only what
 * the select shows is kept, so the offline copy stays small.
 */
export const taskOptionsQueryOptions = () =>
  queryOptions({
    queryKey: activityQueryKeys.taskOptions(),
    queryFn: async ({ signal }) => {
      const tasks = await api<Task[]>('/tasks', { query: { mine: 'true', limit: 100 }, signal });
      return tasks
        .filter((t) => t.status !== 'cancelled')
        .map((t): TaskOption => ({ id: t.id, title: t.title, dueOn: t.dueOn }));
    },
    staleTime: 5 * 60_000,
  });

export const useTaskOptions = (enabled = true) => useQuery({ ...taskOptionsQueryOptions(), enabled });
