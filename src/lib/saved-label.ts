/*
 * 'Offline: showing results saved 5 minutes ago': how old the saved copy a listing shows is. In the
 * interface's language (English), like the rest of the sentence.
 */

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** '5 minutes ago', 'yesterday', 'just now' (under a minute, or a clock slightly ahead). */
export function relativeTimeAgo(then: number, now = Date.now()): string {
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 60) return 'just now';
  for (const [unit, size] of units) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

export const savedResultsLabel = (savedAt: number, now = Date.now()) =>
  `Offline: showing results saved ${relativeTimeAgo(savedAt, now)}`;
