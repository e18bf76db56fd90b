import { can } from '@contract/permissions';
import { taskStatusLabels, type Task } from '@contract/tasks';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, ClipboardList, List, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { todayCalendarDate } from '@/lib/calendar-date';
import { useOffline } from '@/lib/connectivity';
import { outbox } from '@/lib/outbox';
import { savedResultsLabel } from '@/lib/saved-label';
import { useTasks } from '../api/get-tasks';
import { tasksQueryKeys } from '../api/query-keys';
import { TASK_RESPONSE_KIND } from '../api/respond-to-task';
import { dayLabel, monthOf, monthWeeks } from '../calendar-month';
import { replaceTask } from '../task-cache';
import { tasksFilterOf, TASK_STATUS_FILTERS, type TasksSearch, type TaskView } from '../tasks-search';
import { useWaitingResponses } from '../use-waiting-responses';
import { CancelTaskDialog } from './cancel-task-dialog';
import { TaskCalendar } from './task-calendar';
import { TaskCard, type TaskViewer } from './task-card';
import { TaskFormDialog } from './task-form-dialog';

export interface TasksScreenProps {
  /** The URL's search params (tasks-search.ts). */
  search: TasksSearch;
  /** Changes the URL: keys given as undefined are removed. */
  onSearchChange: (patch: Partial<TasksSearch>, options?: { replace?: boolean }) => void;
  viewer: { id: string; role: string };
}

type Editing = { kind: 'edit' | 'cancel'; task: Task };

/**
 * /volunteer/tasks: the organisation's volunteer tasks as a list (by due day) or a month calendar.
 * Staff and admins create, edit and cancel them (online); a volunteer sees those given to them and
 * answers each (through the outbox, offline too); analysts and viewers read. The lists seen open
 * offline. The server checks every request.
 */
export function TasksScreen({ search, onSearchChange, viewer }: TasksScreenProps) {
  const queryClient = useQueryClient();
  const offline = useOffline();
  const today = todayCalendarDate();
  const view: TaskView = search.view ?? 'list';
  const month = search.month ?? monthOf(today);
  const selectedDay =
    search.day && monthOf(search.day) === month
      ? search.day
      : monthOf(today) === month
        ? today
        : `${month}-01`;
  const filter = tasksFilterOf(search, view === 'calendar' ? monthWeeks(month) : undefined);
  const query = useTasks(filter);
  const items = useWaitingResponses(query.data?.items, viewer.id);
  const taskViewer: TaskViewer = {
    id: viewer.id,
    canManage: can(viewer.role, 'tasks:manage'),
    canRespond: can(viewer.role, 'tasks:respond'),
  };
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const openerCard = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = { newNote: useId(), status: useId(), mine: useId() };

  // An answer sent in the background (back online) comes back as the task: it replaces the copy shown.
  useEffect(
    () =>
      outbox.onEvent((event) => {
        if (event.entry.kind !== TASK_RESPONSE_KIND) return;
        if (event.type === 'sent' && event.response && typeof event.response === 'object')
          replaceTask(queryClient, event.response as Task);
        void queryClient.invalidateQueries({ queryKey: tasksQueryKeys.lists() });
      }),
    [queryClient],
  );

  const filtered = Boolean(search.status || search.mine);
  const edit = (task: Task, from: HTMLElement) => {
    opener.current = from;
    openerCard.current = from.closest('article');
    setEditing({ kind: 'edit', task });
  };
  const cancel = (task: Task, from: HTMLElement) => {
    opener.current = from;
    openerCard.current = from.closest('article');
    setEditing({ kind: 'cancel', task });
  };
  // Cancelling removes the Cancel button that opened the dialog: focus then goes to the task's card,
  // or, when a filter hides it now, to the page's heading, never to the document's body.
  const returnFocus = (event: Event) => {
    const target = [opener.current, openerCard.current, heading.current].find((el) => el?.isConnected);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  const card = (item: NonNullable<typeof items>[number]) => (
    <li key={item.task.id}>
      <TaskCard
        item={item}
        viewer={taskViewer}
        today={today}
        offline={offline}
        onEdit={edit}
        onCancel={cancel}
      />
    </li>
  );

  const dayItems = items?.filter((i) => i.task.dueOn === selectedDay) ?? [];

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight outline-none sm:text-3xl"
          >
            Assigned Tasks
          </h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            {taskViewer.canManage
              ? 'Plan volunteer tasks and see who accepted them.'
              : taskViewer.canRespond
                ? 'The tasks your organisation gave you: accept, start and mark them done, or decline.'
                : 'Your organisation’s volunteer tasks and who is doing them.'}
          </p>
        </div>
        {taskViewer.canManage && (
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:items-end">
            <TaskFormDialog
              open={creating}
              onOpenChange={setCreating}
              defaultDueOn={view === 'calendar' && selectedDay >= today ? selectedDay : undefined}
              trigger={
                <Button
                  disabled={offline}
                  aria-describedby={offline ? ids.newNote : undefined}
                  className="self-start sm:self-end"
                >
                  <Plus aria-hidden className="size-4" />
                  New task
                </Button>
              }
            />
            {offline && (
              <NeedsNetworkNote id={ids.newNote}>
                You are offline. Creating a task needs a connection.
              </NeedsNetworkNote>
            )}
          </div>
        )}
      </header>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <div
          role="group"
          aria-label="View"
          className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700"
        >
          {(
            [
              ['list', 'List', List],
              ['calendar', 'Calendar', CalendarDays],
            ] as const
          ).map(([value, label, Icon]) => (
            <button
              key={value}
              type="button"
              aria-pressed={view === value}
              onClick={() =>
                onSearchChange({ view: value === 'list' ? undefined : value }, { replace: true })
              }
              className={cn(
                'inline-flex min-h-11 items-center gap-2 rounded-md px-4 text-sm font-semibold',
                view === value
                  ? 'bg-brand-600 text-white'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
              )}
            >
              <Icon aria-hidden className="size-4" />
              {label}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label="Status"
            value={search.status ?? ''}
            onChange={(event) =>
              onSearchChange(
                { status: (event.target.value || undefined) as TasksSearch['status'] },
                { replace: true },
              )
            }
          >
            <option value="">All statuses</option>
            {TASK_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {taskStatusLabels[s]}
              </option>
            ))}
          </SelectField>
          {taskViewer.canRespond && (
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                checked={search.mine === 'true'}
                onChange={(event) =>
                  onSearchChange({ mine: event.target.checked ? 'true' : undefined }, { replace: true })
                }
              />
              Only tasks given to me
            </label>
          )}
        </div>
      </div>

      {offline && query.data && (
        <p
          data-testid="saved-results"
          className="-mt-2 text-sm font-medium text-amber-800 dark:text-amber-200"
        >
          {savedResultsLabel(query.dataUpdatedAt)}
        </p>
      )}

      {query.isPending ? (
        <LoadingOrOffline fetchStatus={query.fetchStatus}>
          <div role="status" aria-label="Loading tasks" className="flex flex-col gap-3">
            {[0, 1, 2].map((i) => (
              <div
                key={i}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
              >
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            ))}
          </div>
        </LoadingOrOffline>
      ) : query.isError && !query.data ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">{errorMessage(query.error, 'The tasks could not be loaded.')}</Alert>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : view === 'calendar' ? (
        <>
          <TaskCalendar
            month={month}
            selectedDay={selectedDay}
            today={today}
            tasks={(items ?? []).map((i) => i.task)}
            onMonthChange={(next) =>
              onSearchChange(
                { month: next === monthOf(today) ? undefined : next, day: undefined },
                { replace: true },
              )
            }
            onSelectDay={(day) =>
              onSearchChange(
                { day, month: monthOf(day) === monthOf(today) ? undefined : monthOf(day) },
                { replace: true },
              )
            }
          />
          <section aria-labelledby={`${ids.status}-day`} className="flex flex-col gap-3">
            <h2 id={`${ids.status}-day`} className="text-lg font-bold">
              {dayLabel(selectedDay)}
            </h2>
            {dayItems.length === 0 ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">No tasks due this day.</p>
            ) : (
              <ul className="flex flex-col gap-3" aria-label={`Tasks due ${dayLabel(selectedDay)}`}>
                {dayItems.map(card)}
              </ul>
            )}
          </section>
        </>
      ) : items && items.length > 0 ? (
        <>
          <p className="sr-only" role="status">
            {items.length} {items.length === 1 ? 'task' : 'tasks'}
          </p>
          <ul className="flex flex-col gap-3" aria-label="Tasks">
            {items.map(card)}
          </ul>
          {query.data?.truncated && (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Showing the first 1,000 tasks. Filter to see others.
            </p>
          )}
        </>
      ) : (
        <Card className="flex flex-col items-start gap-3">
          <ClipboardList aria-hidden className="size-6 text-slate-500" />
          <p className="font-semibold">
            {filtered
              ? 'No tasks match these filters.'
              : taskViewer.canRespond
                ? 'No tasks are given to you yet.'
                : 'No tasks yet.'}
          </p>
          {filtered ? (
            <Button
              variant="secondary"
              onClick={() => onSearchChange({ status: undefined, mine: undefined }, { replace: true })}
            >
              Clear filters
            </Button>
          ) : (
            taskViewer.canManage && (
              <p className="text-sm text-slate-700 dark:text-slate-300">Create one with New task.</p>
            )
          )}
        </Card>
      )}

      {editing?.kind === 'edit' && (
        <TaskFormDialog
          open
          task={editing.task}
          onOpenChange={(open) => !open && setEditing(null)}
          onCloseAutoFocus={returnFocus}
        />
      )}
      {editing?.kind === 'cancel' && (
        <CancelTaskDialog
          task={editing.task}
          onOpenChange={(open) => !open && setEditing(null)}
          onCloseAutoFocus={returnFocus}
        />
      )}
    </div>
  );
}
