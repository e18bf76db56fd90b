import {
  ticketPriorityLabels,
  ticketStatusLabels,
  type TicketPriority,
  type TicketStatus,
} from '@contract/tickets';
import { AlertTriangle, CheckCircle2, Clock, CloudUpload, Lock } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import type { SlaLine, SlaTone } from '../sla';

const badge = 'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold';
const green = 'bg-brand-50 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100';
const grey = 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200';
const amber = 'bg-amber-50 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100';
const blue = 'bg-sky-50 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100';
const red = 'bg-red-600 text-white dark:bg-red-700';

const statusLooks: Record<TicketStatus, string> = {
  open: blue,
  pending: amber,
  resolved: green,
  closed: grey,
};

const priorityLooks: Record<TicketPriority, string> = {
  low: grey,
  normal: grey,
  high: amber,
  urgent: red,
};

/** The status in words ('Status: Pending' to a screen reader), coloured as a hint only. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <span className={cn(badge, statusLooks[status])} data-testid="ticket-status">
      <span className="sr-only">Status: </span>
      {ticketStatusLabels[status]}
    </span>
  );
}

export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <span className={cn(badge, priorityLooks[priority])}>
      {priority === 'urgent' && <AlertTriangle aria-hidden className="size-3.5" />}
      {ticketPriorityLabels[priority]} priority
    </span>
  );
}

const slaLooks: Record<SlaTone, string> = {
  neutral: grey,
  good: green,
  late: amber,
  bad: red,
};

const slaIcons: Record<SlaTone, typeof Clock> = {
  neutral: Clock,
  good: CheckCircle2,
  late: Clock,
  bad: AlertTriangle,
};

/** One SLA clock in words, with an icon: never in colour only. */
export function SlaBadge({ line }: { line: SlaLine }) {
  const Icon = slaIcons[line.tone];
  return (
    <span className={cn(badge, slaLooks[line.tone])} data-sla={line.state}>
      <Icon aria-hidden className="size-3.5" />
      {line.text}
    </span>
  );
}

/** A ticket or a reply kept on the device until the connection is back. */
export function WaitingBadge() {
  return (
    <span className={cn(badge, amber)}>
      <CloudUpload aria-hidden className="size-3.5" />
      Waiting to send
    </span>
  );
}

/** Marks an agent's internal note, wherever it shows. */
export function InternalNoteLabel() {
  return (
    <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-900 dark:text-amber-100">
      <Lock aria-hidden className="size-3.5" />
      Internal note — only agents see this
    </span>
  );
}
