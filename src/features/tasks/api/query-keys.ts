/** What one list of tasks is asked with (GET /api/tasks): blanks left out, so equal lists share a key. */
export interface TaskListFilter {
  status?: string;
  mine?: 'true';
  /** Inclusive due-day bounds, 'YYYY-MM-DD': the calendar's weeks. */
  from?: string;
  to?: string;
}

/**
 * The tasks screen's query keys: ['tasks', kind, …] (offline.ts persists the lists and the
 * volunteers). A list's third element is its filter, so the unfiltered list is always kept offline
 * and the filtered ones (a status, a calendar month) only the newest few.
 */
export const tasksQueryKeys = {
  all: ['tasks'] as const,
  lists: () => ['tasks', 'list'] as const,
  list: (filter: TaskListFilter) => ['tasks', 'list', filter] as const,
  /** The active volunteers a task may be given to (staff and admins only). */
  volunteers: () => ['tasks', 'volunteers'] as const,
};

/** Assignments change under a volunteer's eyes (staff assigning, others accepting): asked again on open. */
export const TASKS_STALE_MS = 30_000;
