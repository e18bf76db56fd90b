import { formatMinutes, hoursOf, type HoursSummary } from '@contract/activity-reports';

/** 'Nov 2026' of 'YYYY-MM', in the user's locale. */
export function monthLabel(month: string, style: 'short' | 'long' = 'short', locale?: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1)).toLocaleDateString(locale, {
    month: style,
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** What the chart shows, in one sentence, for its aria-label. */
export function chartSummary(byMonth: HoursSummary['byMonth']): string {
  const first = byMonth[0];
  const last = byMonth[byMonth.length - 1];
  if (!first || !last) return 'Approved hours by month: none yet.';
  const totals = byMonth.map((m) => ({ month: m.month, minutes: m.service + m.training }));
  const sum = totals.reduce((s, m) => s + m.minutes, 0);
  const range = `${monthLabel(first.month, 'long')} to ${monthLabel(last.month, 'long')}`;
  if (sum === 0) return `Approved hours by month, ${range}: no approved hours yet.`;
  const training = byMonth.reduce((s, m) => s + m.training, 0);
  const best = totals.reduce((a, b) => (b.minutes > a.minutes ? b : a));
  return (
    `Approved hours by month, ${range}: ${formatMinutes(sum)} in all` +
    (training ? ` (${formatMinutes(training)} of training)` : '') +
    `; the most in ${monthLabel(best.month, 'long')}, ${formatMinutes(best.minutes)}.`
  );
}

/** Round steps for the chart's scale (hours): the smallest of 1, 2, 5, 10… that gives ≤ 4 lines. */
export function scaleStep(maxHours: number): number {
  for (const step of [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000])
    if (maxHours / step <= 4) return step;
  return Math.ceil(maxHours / 4 / 1000) * 1000;
}

export { hoursOf };
