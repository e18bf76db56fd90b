import { describe, expect, it } from 'vitest';
import { CLOSING_SOON_DAYS, countdownLabel, deadlineStatus } from './deadline';

// Noon local time, so the day is the same whatever the machine's time zone.
const now = new Date(2026, 2, 10, 12, 0, 0);

describe('deadlineStatus and countdownLabel', () => {
  it('counts whole calendar days left', () => {
    expect(deadlineStatus('2026-04-30', now)).toEqual({ kind: 'open', daysLeft: 51, closingSoon: false });
    expect(countdownLabel(deadlineStatus('2026-04-30', now))).toBe('51 days left');
  });

  it('marks the last 14 days as closing soon, the deadline day included', () => {
    expect(CLOSING_SOON_DAYS).toBe(14);
    expect(deadlineStatus('2026-03-25', now)).toEqual({ kind: 'open', daysLeft: 15, closingSoon: false });
    expect(deadlineStatus('2026-03-24', now)).toEqual({ kind: 'open', daysLeft: 14, closingSoon: true });
    expect(countdownLabel(deadlineStatus('2026-03-11', now))).toBe('1 day left');
    expect(deadlineStatus('2026-03-10', now)).toEqual({ kind: 'open', daysLeft: 0, closingSoon: true });
    expect(countdownLabel(deadlineStatus('2026-03-10', now))).toBe('Closes today');
  });

  it('says the deadline passed from the next day on', () => {
    expect(deadlineStatus('2026-03-09', now)).toEqual({ kind: 'passed', daysAgo: 1 });
    expect(countdownLabel(deadlineStatus('2025-12-31', now))).toBe('Deadline passed');
  });

  it('treats no deadline (or an unreadable one) as a rolling call', () => {
    expect(deadlineStatus(null, now)).toEqual({ kind: 'rolling' });
    expect(deadlineStatus('soon', now)).toEqual({ kind: 'rolling' });
    expect(countdownLabel({ kind: 'rolling' })).toBe('Rolling deadline');
  });

  it('is not thrown off by a daylight-saving change in between', () => {
    // Late March and late October cross the European and North American clock changes.
    expect(deadlineStatus('2026-04-10', new Date(2026, 2, 20, 0, 30))).toMatchObject({ daysLeft: 21 });
    expect(deadlineStatus('2026-11-10', new Date(2026, 9, 20, 23, 30))).toMatchObject({ daysLeft: 21 });
  });
});
