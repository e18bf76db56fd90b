import { formatBytes } from '@contract/format-bytes';
import { cn } from '@/components/ui/cn';
import { useUsage } from '../api/get-folder';

/** At this share of the plan's storage the meter warns. */
const WARN_AT = 0.8;

/** Used of the plan's limit, as a bar and in words; amber with a note past 80%. */
export function QuotaMeter() {
  const { data: usage, isError } = useUsage();
  if (isError) return null;
  if (!usage) return <p className="text-sm text-slate-600 dark:text-slate-400">Checking storage use…</p>;
  const used = usage.usedBytes + usage.reservedBytes;
  const share = usage.limitBytes > 0 ? Math.min(used / usage.limitBytes, 1) : 1;
  const warn = share >= WARN_AT;
  const words = `${formatBytes(used)} of ${formatBytes(usage.limitBytes)} used`;
  return (
    <div className="flex w-full max-w-xs flex-col gap-1" data-testid="quota-meter">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{words}</span>
        <span className="text-slate-600 dark:text-slate-400">{usage.planName} plan</span>
      </div>
      <div
        role="meter"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        aria-valuetext={words}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={cn('h-full rounded-full', warn ? 'bg-amber-500' : 'bg-brand-600')}
          style={{ width: `${share * 100}%` }}
        />
      </div>
      {warn && (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          {share >= 1 ? 'Storage is full.' : 'Storage is almost full.'} Empty the trash or move to a larger
          plan.
        </p>
      )}
    </div>
  );
}
