import { hoursOf } from '../../../contract/activity-reports';

/*
 * How a document words its figures, shared by the letter's merge fields and the PDF, so the two can
 * never print a period or an hour count differently.
 */

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '1 January 2026' for a YYYY-MM-DD day (read as a calendar day, never shifted by a time zone). */
export const longDay = (day: string) => longDate.format(new Date(`${day.slice(0, 10)}T00:00:00Z`));

/** '1 January 2026 – 30 November 2026'; a one-day period is that day. */
export const periodText = (from: string, to: string) =>
  from === to ? longDay(from) : `${longDay(from)} – ${longDay(to)}`;

const hoursFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** Approved minutes as printed hours: '1,234', '12.5', '0.75' (contract hoursOf, grouped). */
export const hoursText = (minutes: number) => hoursFormat.format(hoursOf(minutes));

/** The UTC calendar day of an instant (the day of issue). */
export const utcDay = (instant: Date | string) => new Date(instant).toISOString().slice(0, 10);
