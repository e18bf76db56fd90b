import { formatMinutes, hoursOf } from '@contract/activity-reports';
import { formatCalendarDate } from '@/lib/calendar-date';

/*
 * Words of the certificates screen and the verification page. Formatters are made once: making one
 * costs far more than formatting, and a list formats a row per document.
 */

/** '1 Jan 2026 – 31 Dec 2026' in the user's locale. */
export const periodLabel = (from: string, to: string) =>
  `${formatCalendarDate(from)} – ${formatCalendarDate(to)}`;

/** '12.5 hours (12 h 30 min)': the decimal the PDF prints, and the same in hours and minutes. */
export function hoursLabel(minutes: number): string {
  const hours = hoursOf(minutes);
  const decimal = `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return minutes % 60 === 0 ? decimal : `${decimal} (${formatMinutes(minutes)})`;
}

let dayFormat: Intl.DateTimeFormat | undefined;
let instantFormat: Intl.DateTimeFormat | undefined;

/** The day of an instant, in the user's locale and zone ('28 November 2026'). */
export function dayOfInstant(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return (dayFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'long' })).format(ms);
}

/** An instant with its time ('28 Nov 2026, 09:05'). */
export function instantLabel(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return (instantFormat ??= new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })).format(ms);
}
