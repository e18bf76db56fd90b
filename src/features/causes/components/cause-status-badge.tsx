import type { CauseStatus } from '@contract/causes';
import { cn } from '@/components/ui/cn';

export function CauseStatusBadge({ status }: { status: CauseStatus }) {
  return (
    <span
      className={cn(
        'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        status === 'published'
          ? 'bg-brand-50 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100'
          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
      )}
    >
      {status === 'published' ? 'Published' : 'Draft'}
    </span>
  );
}
