import type { TaskStatus } from '@contract/tasks';
import type { TaskListFilter } from './api/query-keys';
import { dayParam, enumParam, searchParamsReader } from '@/lib/listing/search-params-reader';
import { isMonth } from './calendar-month';

/*
 * /volunteer/tasks's URL: the view and the filters, so a filtered calendar month is a shareable link.
 * Read by hand (lib/listing/search-params-reader), keeping zod off the route tree (ADR 0006).
 */

export const TASK_VIEWS = ['list', 'calendar'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

/** contract/tasks.ts's taskStatuses, repeated: a value import would put zod on the route tree. */
export const TASK_STATUS_FILTERS = [
  'open',
  'accepted',
  'in_progress',
  'done',
  'cancelled',
] as const satisfies readonly TaskStatus[];
export type TaskStatusFilter = (typeof TASK_STATUS_FILTERS)[number];

export interface TasksSearch {
  /** Absent: the list. */
  view?: TaskView;
  status?: TaskStatusFilter;
  /** 'true': only the viewer's own assignments. */
  mine?: 'true';
  /** The calendar's month, 'YYYY-MM'; absent: this month. */
  month?: string;
  /** A day picked in the calendar (its tasks are listed under the grid). */
  day?: string;
}

const monthParam = (raw: unknown) => (typeof raw === 'string' && isMonth(raw) ? raw : undefined);
// The router reads ?mine=true as a boolean.
const mineParam = (raw: unknown) => (raw === true || raw === 'true' ? ('true' as const) : undefined);

export const tasksSearch = searchParamsReader<TasksSearch>({
  view: enumParam(TASK_VIEWS),
  status: enumParam(TASK_STATUS_FILTERS),
  mine: mineParam,
  month: monthParam,
  day: dayParam(),
});

/**
 * The list a search asks the server for: the status and `mine`, and in the calendar the days its
 * weeks show (`from`/`to`, so a month's list is one request and one saved copy).
 */
export function tasksFilterOf(
  search: TasksSearch,
  calendarWeeks?: readonly (readonly { day: string }[])[],
): TaskListFilter {
  const filter: TaskListFilter = {};
  if (search.status) filter.status = search.status;
  if (search.mine) filter.mine = search.mine;
  if (calendarWeeks?.length) {
    filter.from = calendarWeeks[0]![0]!.day;
    filter.to = calendarWeeks.at(-1)!.at(-1)!.day;
  }
  return filter;
}
