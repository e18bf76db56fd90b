/*
 * The calendar view's month as plain days ('YYYY-MM-DD' in the user's zone, as a task's due day is
 * stored), so the grid needs no calendar library and the tests need no clock.
 */

const MONTH = /^(\d{4})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM' of a day ('2026-11-28' → '2026-11'). */
export const monthOf = (day: string) => day.slice(0, 7);

/** True for 'YYYY-MM' naming a real month. */
export function isMonth(value: string): boolean {
  const m = MONTH.exec(value);
  return Boolean(m && Number(m[2]) >= 1 && Number(m[2]) <= 12);
}

const partsOf = (month: string) => ({
  year: Number(month.slice(0, 4)),
  index: Number(month.slice(5, 7)) - 1,
});
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The month `delta` months away ('2026-12', 1 → '2027-01'). */
export function shiftMonth(month: string, delta: number): string {
  const { year, index } = partsOf(month);
  const date = new Date(year, index + delta, 1);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;
}

/** The first and last day of the month: the `from` and `to` of its tasks' listing. */
export function monthRange(month: string): { from: string; to: string } {
  const { year, index } = partsOf(month);
  return { from: dayOf(new Date(year, index, 1)), to: dayOf(new Date(year, index + 1, 0)) };
}

/** A day shifted by whole days (arrow keys in the grid). */
export function shiftDay(day: string, delta: number): string {
  const date = new Date(
    Number(day.slice(0, 4)),
    Number(day.slice(5, 7)) - 1,
    Number(day.slice(8, 10)) + delta,
  );
  return dayOf(date);
}

export interface CalendarDay {
  day: string;
  /** False for the days of the previous and next months that fill the first and last weeks. */
  inMonth: boolean;
}

/** The month's weeks, Monday first, each of 7 days; the first and last weeks filled from around it. */
export function monthWeeks(month: string): CalendarDay[][] {
  const { year, index } = partsOf(month);
  const first = new Date(year, index, 1);
  // getDay: Sunday 0; Monday-first grids step back to the Monday on or before the 1st.
  const lead = (first.getDay() + 6) % 7;
  const last = new Date(year, index + 1, 0).getDate();
  const weeks: CalendarDay[][] = [];
  for (let offset = -lead; offset < last; offset += 7) {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      const date = new Date(year, index, 1 + offset + i);
      week.push({ day: dayOf(date), inMonth: date.getMonth() === first.getMonth() });
    }
    weeks.push(week);
  }
  return weeks;
}

/** 'November 2026' in the user's locale. */
export const monthLabel = (month: string, locale?: string) => {
  const { year, index } = partsOf(month);
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(year, index, 1));
};

/** 'Monday 30 November 2026', the name a day's cell is announced by. */
export const dayLabel = (day: string, locale?: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))),
  );
