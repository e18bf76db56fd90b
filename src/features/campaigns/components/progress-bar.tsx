import { cn } from '@/components/ui/cn';
import { formatCount } from '../format';
import { percentDone } from '../progress';

/**
 * How far a send has got: a bar with its numbers in words ('312 of 500 done'), which a screen reader
 * reads as the progressbar's value. `size` 'sm' for a list card, 'md' for the report.
 */
export function ProgressBar({
  done,
  total,
  label,
  size = 'md',
}: {
  done: number;
  total: number;
  label: string;
  size?: 'sm' | 'md';
}) {
  const percent = percentDone(done, total);
  const text = `${formatCount(done)} of ${formatCount(total)} done`;
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${text} (${percent}%)`}
        className={cn(
          'w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800',
          size === 'sm' ? 'h-1.5' : 'h-3',
        )}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-500 motion-reduce:transition-none dark:bg-brand-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className={cn('text-slate-700 dark:text-slate-300', size === 'sm' ? 'text-xs' : 'text-sm')}>
        {text} · {percent}%
      </p>
    </div>
  );
}
