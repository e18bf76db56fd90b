import type { TicketStats } from '@contract/tickets';
import { formatDuration } from './sla';

type Week = TicketStats['weeks'][number];

/** '24 Nov' of a week's Monday 'YYYY-MM-DD', in the user's locale. */
export function weekLabel(weekStart: string, locale?: string): string {
  return new Date(`${weekStart}T00:00:00Z`).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** Round steps for the volume scale: the smallest of 1, 2, 5, 10… that gives at most 4 lines. */
export function scaleStep(max: number): number {
  for (const step of [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]) if (max / step <= 4) return step;
  return Math.ceil(max / 4 / 1000) * 1000;
}

/** What the volume chart shows, in one sentence, for its accessible name. */
export function volumeSummary(weeks: readonly Week[]): string {
  const first = weeks[0];
  const last = weeks.at(-1);
  if (!first || !last) return 'Tickets opened and resolved per week: no weeks yet.';
  const opened = weeks.reduce((s, w) => s + w.opened, 0);
  const resolved = weeks.reduce((s, w) => s + w.resolved, 0);
  return (
    `Tickets per week from the week of ${weekLabel(first.weekStart)} to the week of ${weekLabel(last.weekStart)}: ` +
    `${opened} opened and ${resolved} resolved in all; this week ${last.opened} opened and ${last.resolved} resolved.`
  );
}

/** What the CSAT chart shows, in one sentence. */
export function csatSummary(weeks: readonly Week[]): string {
  const rated = weeks.filter((w) => w.csat !== null && w.ratings > 0);
  if (rated.length === 0) return 'Satisfaction per week: no ratings yet.';
  const ratings = rated.reduce((s, w) => s + w.ratings, 0);
  const mean = rated.reduce((s, w) => s + (w.csat ?? 0) * w.ratings, 0) / ratings;
  return `Satisfaction per week, from 1 to 5: ${formatScore(mean)} on average over ${ratings} ${
    ratings === 1 ? 'rating' : 'ratings'
  }.`;
}

/** '4.3' */
export const formatScore = (score: number) => (Math.round(score * 10) / 10).toFixed(1);

/** The median first reply as the counter shows it: '3 h', or '—' with no replies in the period. */
export const medianLabel = (minutes: number | null) => (minutes === null ? '—' : formatDuration(minutes));
