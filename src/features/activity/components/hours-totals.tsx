import { formatMinutes, type HoursTotals } from '@contract/activity-reports';
import { useId } from 'react';
import { Card } from '@/components/ui/card';

function Total({ label, minutes, hint }: { label: string; minutes: number; hint?: string }) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className="flex flex-col gap-1 p-4">
      <p id={labelId} className="text-sm font-medium text-slate-600 dark:text-slate-300">
        {label}
      </p>
      <p className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">
        {formatMinutes(minutes)}
      </p>
      {hint && <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p>}
    </Card>
  );
}

/** Approved totals: this month, this year, all time, and the training part of them. */
export function HoursTotalsCards({ totals }: { totals: HoursTotals }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Total label="This month" minutes={totals.thisMonth} />
      <Total
        label="This year"
        minutes={totals.thisYear}
        hint={
          totals.trainingThisYear ? `of which training ${formatMinutes(totals.trainingThisYear)}` : undefined
        }
      />
      <Total label="All time" minutes={totals.allTime} hint={`${totals.reports} approved reports`} />
      <Total label="Training, all time" minutes={totals.trainingAllTime} />
    </div>
  );
}
