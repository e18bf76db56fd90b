import { taskStatusLabels, type AssignmentStatus, type TaskStatus } from '@contract/tasks';
import { AlertTriangle, CloudUpload } from 'lucide-react';
import { cn } from '@/components/ui/cn';

const badge = 'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold';
const green = 'bg-brand-50 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100';
const grey = 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200';
const amber = 'bg-amber-50 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100';
const blue = 'bg-sky-50 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100';

const statusLooks: Record<TaskStatus, string> = {
  open: amber,
  accepted: blue,
  in_progress: blue,
  done: green,
  cancelled: grey,
};

/** As a staff member reads a volunteer's answer: 'assigned' is one not given yet. */
const assignmentLabels: Record<AssignmentStatus, string> = {
  assigned: 'Not answered',
  accepted: 'Accepted',
  declined: 'Declined',
  in_progress: 'In progress',
  done: 'Done',
};

const assignmentLooks: Record<AssignmentStatus, string> = {
  assigned: amber,
  accepted: blue,
  declined: grey,
  in_progress: blue,
  done: green,
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return <span className={cn(badge, statusLooks[status])}>{taskStatusLabels[status]}</span>;
}

export const assignmentLabel = (status: AssignmentStatus) => assignmentLabels[status];

export function AssignmentStatusBadge({ status }: { status: AssignmentStatus }) {
  return <span className={cn(badge, assignmentLooks[status])}>{assignmentLabels[status]}</span>;
}

/** Overdue in words and an icon, not in colour only. */
export function OverdueBadge() {
  return (
    <span className={cn(badge, 'bg-red-600 text-white dark:bg-red-700')}>
      <AlertTriangle aria-hidden className="size-3.5" />
      Overdue
    </span>
  );
}

/** A volunteer's answer kept on the device until the connection is back. */
export function WaitingBadge() {
  return (
    <span
      className={cn(
        badge,
        'border border-amber-400 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
      )}
    >
      <CloudUpload aria-hidden className="size-3.5" />
      Waiting to send
    </span>
  );
}
