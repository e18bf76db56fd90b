const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * A calendar day ('2025-03-14') as that day in the user's time zone: `new Date('2025-03-14')` would
 * be UTC midnight and show as the 13th west of Greenwich. Null for anything that is not a real day.
 */
export function parseCalendarDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const m = DATE_ONLY.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = new Date(year, month, day);
  // new Date(2025, 1, 30) rolls over into March: such a day does not exist.
  return date.getFullYear() === year && date.getMonth() === month && date.getDate() === day ? date : null;
}

/** True for 'YYYY-MM-DD' naming a real calendar day. */
export const isCalendarDate = (value: string) => parseCalendarDate(value) !== null;

// Making a formatter costs far more than formatting: a list of cards shares one per locale.
const formatters = new Map<string, Intl.DateTimeFormat>();
function mediumDateFormat(locale: string | undefined): Intl.DateTimeFormat {
  const key = locale ?? '';
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    formatters.set(key, format);
  }
  return format;
}

/** A calendar day in the user's locale ('Mar 14, 2025', '14 Mar 2025'); '' when unknown. */
export function formatCalendarDate(value: string | null | undefined, locale?: string): string {
  const date = parseCalendarDate(value);
  return date ? mediumDateFormat(locale).format(date) : '';
}

/** Today in the user's time zone as 'YYYY-MM-DD' (what a date input holds). */
export function todayCalendarDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whole calendar days from today to the day (negative once past), or null when unknown. */
export function daysUntil(value: string | null | undefined, now: Date = new Date()): number | null {
  const date = parseCalendarDate(value);
  if (!date) return null;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  // Rounding absorbs the 23- or 25-hour days of a daylight-saving change.
  return Math.round((date.getTime() - today.getTime()) / DAY_MS);
}
