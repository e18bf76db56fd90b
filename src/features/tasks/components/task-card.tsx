import { isTaskOverdue, type Task } from '@contract/tasks';
import { CalendarDays, Clock, MapPin, Pencil, Ban } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { formatCalendarDate } from '@/lib/calendar-date';
import { estimateLabel } from '../format';
import type { TaskWithWaiting } from '../use-waiting-responses';
import { AssignmentStatusBadge, OverdueBadge, TaskStatusBadge, WaitingBadge } from './task-badges';
import { VolunteerActions } from './volunteer-actions';

export interface TaskViewer {
  id: string;
  /** tasks:manage: edit and cancel. */
  canManage: boolean;
  /** tasks:respond: answer their own assignment. */
  canRespond: boolean;
}

/**
 * One task: title, due day (overdue said in words), place, estimate, its status, and each assignee
 * with their own answer. The viewer's answer buttons on their own assignment; Edit and Cancel for
 * staff (online only).
 */
export function TaskCard({
  item,
  viewer,
  today,
  offline,
  onEdit,
  onCancel,
}: {
  item: TaskWithWaiting;
  viewer: TaskViewer;
  today: string;
  offline: boolean;
  onEdit: (task: Task, opener: HTMLElement) => void;
  onCancel: (task: Task, opener: HTMLElement) => void;
}) {
  const { task, waiting, attention } = item;
  const titleId = useId();
  const noteId = useId();
  const overdue = isTaskOverdue(task, today);
  const cancelled = task.ownStatus === 'cancelled';
  const estimate = estimateLabel(task.estimatedMinutes);
  return (
    <article
      aria-labelledby={titleId}
      // Focus lands here when the button that opened a dialog is gone (a cancelled task's Cancel).
      tabIndex={-1}
      className={cn(
        'flex flex-col gap-3 rounded-xl border bg-white p-4 dark:bg-slate-900',
        overdue ? 'border-red-400 border-l-4 dark:border-red-700' : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3
          id={titleId}
          className={cn('min-w-0 text-base font-bold break-words', cancelled && 'line-through')}
        >
          {task.title}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          {overdue && <OverdueBadge />}
          <TaskStatusBadge status={task.status} />
          {waiting.length > 0 && <WaitingBadge />}
        </div>
      </div>
      <dl className="grid gap-1 text-sm text-slate-700 dark:text-slate-300">
        <div className="flex items-center gap-2">
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          <dt className="sr-only">Due</dt>
          <dd className={cn(overdue && 'font-semibold text-red-700 dark:text-red-300')}>
            Due {formatCalendarDate(task.dueOn)}
          </dd>
        </div>
        {task.place && (
          <div className="flex items-center gap-2">
            <MapPin aria-hidden className="size-4 shrink-0" />
            <dt className="sr-only">Place</dt>
            <dd className="min-w-0 break-words">{task.place}</dd>
          </div>
        )}
        {estimate && (
          <div className="flex items-center gap-2">
            <Clock aria-hidden className="size-4 shrink-0" />
            <dt className="sr-only">Estimated time</dt>
            <dd>About {estimate}</dd>
          </div>
        )}
      </dl>
      {task.description && (
        <p className="text-sm whitespace-pre-line text-slate-800 dark:text-slate-200">{task.description}</p>
      )}
      {cancelled && task.cancelledReason && (
        <p className="text-sm text-slate-700 dark:text-slate-300">Cancelled: {task.cancelledReason}</p>
      )}
      {task.assignments.length > 0 && (
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Assignees
          </h4>
          <ul className="mt-1 flex flex-col gap-1" aria-label={`Assignees of ${task.title}`}>
            {task.assignments.map((a) => (
              <li key={a.volunteerId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-words">
                  {a.volunteerName || 'Former volunteer'}
                  {a.volunteerId === viewer.id && (
                    <span className="text-slate-600 dark:text-slate-400"> (you)</span>
                  )}
                  {a.status === 'declined' && a.declineReason && (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      “{a.declineReason}”
                    </span>
                  )}
                </span>
                <AssignmentStatusBadge status={a.status} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {waiting.length > 0 && (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
          Your answer is saved on this device and is sent when you are back online.
        </p>
      )}
      {attention.length > 0 && (
        <p className="text-sm text-red-700 dark:text-red-300">
          Your answer was not accepted: {attention[0]!.lastError?.message ?? 'the server refused it.'} It is
          kept under “Needs attention” in the outbox.
        </p>
      )}
      {viewer.canRespond && <VolunteerActions task={task} viewerId={viewer.id} />}
      {viewer.canManage && !cancelled && (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={offline}
              aria-describedby={offline ? noteId : undefined}
              aria-label={`Edit ${task.title}`}
              onClick={(event) => onEdit(task, event.currentTarget)}
            >
              <Pencil aria-hidden className="size-4" />
              Edit
            </Button>
            <Button
              variant="ghost"
              disabled={offline}
              aria-describedby={offline ? noteId : undefined}
              aria-label={`Cancel ${task.title}`}
              onClick={(event) => onCancel(task, event.currentTarget)}
            >
              <Ban aria-hidden className="size-4" />
              Cancel task
            </Button>
          </div>
          {offline && (
            <NeedsNetworkNote id={noteId}>
              You are offline. Editing a task needs a connection.
            </NeedsNetworkNote>
          )}
        </div>
      )}
    </article>
  );
}
