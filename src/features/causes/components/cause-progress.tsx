import { cn } from '@/components/ui/cn';
import { formatMoney, percentRaised } from '../money';

/**
 * Raised against goal as an accessible progress bar: a role=progressbar named with the figures shown
 * above it, whose value text says the amounts, not only a percentage.
 */
export function CauseProgress({
  raisedMinor,
  goalMinor,
  currency,
  donorCount,
  className,
}: {
  raisedMinor: number;
  goalMinor: number;
  currency: string;
  donorCount?: number;
  className?: string;
}) {
  const percent = percentRaised(raisedMinor, goalMinor);
  const raised = formatMoney(raisedMinor, currency);
  const goal = formatMoney(goalMinor, currency);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span>
          <span className="font-semibold text-slate-900 dark:text-slate-100">{raised}</span>
          <span className="text-slate-600 dark:text-slate-300"> raised of {goal}</span>
        </span>
        <span className="font-medium text-slate-700 dark:text-slate-200">{percent}%</span>
      </p>
      <div
        role="progressbar"
        aria-label={`${raised} raised of ${goal}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(percent, 100)}
        aria-valuetext={`${raised} raised of ${goal} (${percent}%)`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className="h-full rounded-full bg-brand-600 dark:bg-brand-500"
          style={{ width: `${Math.min(percent, 100)}%` }}
        />
      </div>
      {donorCount !== undefined && (
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="donor-count">
          {donorCount === 1 ? '1 donor' : `${donorCount.toLocaleString('en-US')} donors`}
        </p>
      )}
    </div>
  );
}
