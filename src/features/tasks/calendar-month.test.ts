import { describe, expect, it } from 'vitest';
import { monthRange, monthWeeks, shiftDay, shiftMonth } from './calendar-month';

describe('the calendar month', () => {
  it('lays a month out in Monday-first weeks, filled from the months around it', () => {
    const weeks = monthWeeks('2026-11');
    // 1 November 2026 is a Sunday: the first week starts on Monday 26 October.
    expect(weeks[0]![0]).toEqual({ day: '2026-10-26', inMonth: false });
    expect(weeks[0]![6]).toEqual({ day: '2026-11-01', inMonth: true });
    expect(weeks.at(-1)!.at(-1)).toEqual({ day: '2026-12-06', inMonth: false });
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('moves by months and days across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(shiftDay('2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftDay('2026-03-01', -7)).toBe('2026-02-22');
  });
});
