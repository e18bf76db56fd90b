const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** '5 minutes ago', 'yesterday', 'now': in the reader's locale (times are shown in the user's locale). */
export function relativeTime(then: number, now: number = Date.now(), locale?: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const diff = then - now;
  for (const [unit, ms] of units) if (Math.abs(diff) >= ms) return format.format(Math.round(diff / ms), unit);
  return format.format(0, 'second');
}

export const fullTime = (at: number, locale?: string) =>
  new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
