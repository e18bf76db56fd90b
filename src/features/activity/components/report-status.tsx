import { reportStatusLabels, type ReportStatus } from '@contract/activity-reports';
import { Check, CloudUpload, Hourglass, X } from 'lucide-react';
import { cn } from '@/components/ui/cn';

const styles: Record<ReportStatus | 'waiting', string> = {
  waiting: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  pending: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  approved: 'bg-brand-50 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100',
  declined: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
};

const icons = { waiting: CloudUpload, pending: Hourglass, approved: Check, declined: X };

/** A report's status in words (colour repeats it): Waiting to send, Pending, Approved, Declined. */
export function ReportStatusBadge({ status }: { status: ReportStatus | 'waiting' }) {
  const Icon = icons[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        styles[status],
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {status === 'waiting' ? 'Waiting to send' : reportStatusLabels[status]}
    </span>
  );
}
