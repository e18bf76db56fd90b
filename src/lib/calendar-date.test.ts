import { describe, expect, it } from 'vitest';
import {
  daysUntil,
  formatCalendarDate,
  isCalendarDate,
  parseCalendarDate,
  todayCalendarDate,
} from './calendar-date';

describe('calendar dates', () => {
  it('reads YYYY-MM-DD as that day in the local time zone', () => {
    const date = parseCalendarDate('2025-03-14')!;
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2025, 2, 14, 0]);
  });

  it('refuses days that do not exist and other shapes', () => {
    expect(isCalendarDate('2025-02-28')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const bad of ['2025-02-29', '2025-13-01', '2025-1-5', '14/03/2025', '', '2025-03-14T00:00:00Z'])
      expect(isCalendarDate(bad), bad).toBe(false);
    expect(parseCalendarDate(null)).toBeNull();
  });

  it('formats in the given locale, and an unknown day as nothing', () => {
    expect(formatCalendarDate('2025-03-14', 'en-US')).toBe('Mar 14, 2025');
    expect(formatCalendarDate('2025-03-14', 'en-GB')).toBe('14 Mar 2025');
    expect(formatCalendarDate(null)).toBe('');
    expect(formatCalendarDate('not a date')).toBe('');
  });

  it('gives today as a date input holds it, and whole days until a day', () => {
    expect(todayCalendarDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    const now = new Date(2026, 0, 5, 18, 0);
    expect(daysUntil('2026-01-05', now)).toBe(0);
    expect(daysUntil('2026-01-06', now)).toBe(1);
    expect(daysUntil('2026-01-01', now)).toBe(-4);
    expect(daysUntil(undefined, now)).toBeNull();
  });
});
