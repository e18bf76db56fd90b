import type { StatusCounts } from '@contract/campaigns';

/*
 * A campaign's progress from its counts: the four final statuses are done, queued and sending are
 * on the way. The report's `ratePerSecond` (final recipients a second over the last minute) gives
 * the time left.
 */

const count = (counts: Partial<StatusCounts> | undefined, status: keyof StatusCounts) =>
  counts?.[status] ?? 0;

/** Recipients in a final status: sent, bounced, failed or unsubscribed. */
export const doneCount = (counts: Partial<StatusCounts> | undefined) =>
  count(counts, 'sent') + count(counts, 'bounced') + count(counts, 'failed') + count(counts, 'unsubscribed');

/** Recipients still on the way: queued or being sent. */
export const remainingCount = (counts: Partial<StatusCounts> | undefined) =>
  count(counts, 'queued') + count(counts, 'sending');

/** Recipients of every status, for a channel's bar (the report's `total` is the campaign's). */
export const totalCount = (counts: Partial<StatusCounts> | undefined) =>
  doneCount(counts) + remainingCount(counts);

/** A whole percentage, never 100 before the last one is done. */
export function percentDone(done: number, total: number): number {
  if (total <= 0) return 0;
  const percent = Math.round((done / total) * 100);
  return done < total ? Math.min(percent, 99) : 100;
}

/**
 * 'about 4 min left' from what is left and the recent rate; 'less than a minute left'; null when
 * nothing is left or the rate is not known yet (the first minute, or a pause in sending).
 */
export function timeLeftLabel(remaining: number, ratePerSecond: number): string | null {
  if (remaining <= 0 || !(ratePerSecond > 0)) return null;
  const seconds = remaining / ratePerSecond;
  if (seconds < 60) return 'less than a minute left';
  return `about ${Math.ceil(seconds / 60)} min left`;
}
