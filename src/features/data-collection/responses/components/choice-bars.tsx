import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ChoiceRow } from '../chart-data';
import { formatCount, formatPercent } from '../format';

const FIRST_ROWS = 12;

/**
 * A select's answers as horizontal bars, each with its label, count and share written out: the words
 * are the text alternative, the bars (hidden from assistive technology) draw the same numbers.
 */
export function ChoiceBars({ rows, label }: { rows: readonly ChoiceRow[]; label: string }) {
  const [all, setAll] = useState(false);
  const max = Math.max(1, ...rows.map((r) => r.count));
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={`Answers to ${label}`} className="flex flex-col gap-2">
        {shown.map((row) => (
          <li key={row.value} className="flex flex-col gap-1">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 break-words">{row.label}</span>
              <span className="shrink-0 tabular-nums">
                {formatCount(row.count)}{' '}
                <span className="text-slate-600 dark:text-slate-400">({formatPercent(row.share)})</span>
              </span>
            </div>
            <div aria-hidden className="h-3 w-full rounded-full bg-slate-100 dark:bg-slate-800">
              <div
                className="h-3 rounded-full bg-brand-600 dark:bg-brand-500"
                style={{ width: `${(row.count / max) * 100}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
      {rows.length > FIRST_ROWS && (
        <Button variant="ghost" className="self-start" aria-expanded={all} onClick={() => setAll((a) => !a)}>
          {all ? 'Show fewer answers' : `Show all ${formatCount(rows.length)} answers`}
        </Button>
      )}
    </div>
  );
}
