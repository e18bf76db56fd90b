import type { Task } from '@contract/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchListingPage } from '@/lib/listing/paged-query';
import { tasksQueryKeys, TASKS_STALE_MS, type TaskListFilter } from './query-keys';

export type { TaskListFilter };

const PAGE_SIZE = 100;
/**
 * A list is read whole (the calendar places every task of its weeks; the list groups by due day), a
 * page of 100 at a time. An NGO's tasks of one filter stay well within this; past it, the list says
 * it shows the first ones.
 */
export const MAX_TASK_PAGES = 10;

export interface TaskListAnswer {
  items: Task[];
  /** True when more tasks match than were read (MAX_TASK_PAGES). */
  truncated: boolean;
}

/** Blank fields dropped: `{}` and `{ status: undefined }` are one list, one cache entry. */
export function normaliseTaskFilter(filter: TaskListFilter): TaskListFilter {
  const out: TaskListFilter = {};
  if (filter.status) out.status = filter.status;
  if (filter.mine) out.mine = filter.mine;
  if (filter.from) out.from = filter.from;
  if (filter.to) out.to = filter.to;
  return out;
}

/** GET /api/tasks for one filter, every page (Next-Cursor), by due day. Trusted, not parsed (ADR 0006). */
export async function getTasks(
  filter: TaskListFilter,
  queryKey: readonly unknown[],
  signal?: AbortSignal,
): Promise<TaskListAnswer> {
  const items: Task[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TASK_PAGES; page++) {
    const answer = await fetchListingPage<Task>('/tasks', {
      queryKey,
      query: { ...filter },
      cursor,
      limit: PAGE_SIZE,
      signal,
    });
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (!cursor) return { items, truncated: false };
  }
  return { items, truncated: true };
}

export const tasksQueryOptions = (filter: TaskListFilter = {}) => {
  const normalised = normaliseTaskFilter(filter);
  return queryOptions({
    queryKey: tasksQueryKeys.list(normalised),
    queryFn: ({ signal, queryKey }) => getTasks(normalised, queryKey, signal),
    staleTime: TASKS_STALE_MS,
  });
};

export const useTasks = (filter: TaskListFilter = {}) => useQuery(tasksQueryOptions(filter));
