import type { ReviewStatus } from '@contract/forms/api';
import { cn } from '@/components/ui/cn';
import { reviewStatusLabel } from '../responses-filter';

const looks: Record<ReviewStatus, string> = {
  received: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  approved: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  rejected: 'bg-red-50 text-red-900 dark:bg-red-900/50 dark:text-red-100',
};

/** The review state as a word on a tint (the word carries it; the colour only helps). */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <span
      className={cn('inline-block shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', looks[status])}
    >
      {reviewStatusLabel[status]}
    </span>
  );
}
