import type { QuestionType } from '@contract/forms/definition';
import type { QuestionSummary } from '@contract/forms/summary';
import { binLabel, wholeBins } from '../chart-data';
import { formatCount, formatNumber } from '../format';

type Bins = NonNullable<QuestionSummary['histogram']>;

/**
 * A number question's answers as a histogram: a column per bin, its count above it, the range's ends
 * below. The drawing is hidden from assistive technology; a table with every bin's range and count
 * (visually hidden) says the same.
 */
export function HistogramChart({ bins, type, label }: { bins: Bins; type: QuestionType; label: string }) {
  const whole = wholeBins(type, bins);
  const max = Math.max(1, ...bins.map((b) => b.count));
  const first = bins[0];
  const last = bins[bins.length - 1];
  if (!first || !last) return null;
  return (
    <figure className="flex flex-col gap-1">
      <div aria-hidden className="flex h-40 items-end gap-1 border-b border-slate-300 dark:border-slate-600">
        {bins.map((bin, i) => (
          <div key={i} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-0.5">
            <span className="text-[0.7rem] text-slate-700 tabular-nums dark:text-slate-300">
              {bin.count > 0 ? formatCount(bin.count) : ''}
            </span>
            <div
              className="w-full rounded-t bg-brand-600 dark:bg-brand-500"
              style={{ height: `${(bin.count / max) * 85}%`, minHeight: bin.count > 0 ? 2 : 0 }}
              title={`${binLabel(bin, whole)}: ${bin.count}`}
            />
          </div>
        ))}
      </div>
      {whole && bins.every((b) => b.to - b.from === 1) ? (
        // One whole number a column: each is named under it.
        <div aria-hidden className="flex gap-1 text-xs text-slate-700 tabular-nums dark:text-slate-300">
          {bins.map((bin, i) => (
            <span key={i} className="min-w-0 flex-1 text-center">
              {formatNumber(bin.from)}
            </span>
          ))}
        </div>
      ) : (
        <div
          aria-hidden
          className="flex justify-between text-xs text-slate-700 tabular-nums dark:text-slate-300"
        >
          <span>{formatNumber(first.from)}</span>
          <span>{formatNumber(whole ? last.to - 1 : last.to)}</span>
        </div>
      )}
      <table className="sr-only">
        <caption>{`Answers to ${label}, by range`}</caption>
        <thead>
          <tr>
            <th scope="col">Range</th>
            <th scope="col">Answers</th>
          </tr>
        </thead>
        <tbody>
          {bins.map((bin, i) => (
            <tr key={i}>
              <th scope="row">{binLabel(bin, whole)}</th>
              <td>{bin.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
