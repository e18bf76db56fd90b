import { describe, expect, it } from 'vitest';
import {
  daysLeftLabel,
  daysUntil,
  formatDate,
  parseDate,
  planLabel,
  roleBreakdown,
  roleLabel,
} from './format';

describe('parseDate', () => {
  it('reads a calendar date as that day in the local time zone', () => {
    const d = parseDate('2025-03-14');
    expect([d?.getFullYear(), d?.getMonth(), d?.getDate(), d?.getHours()]).toEqual([2025, 2, 14, 0]);
  });

  it('reads full timestamps and rejects junk', () => {
    expect(parseDate('2025-03-14T10:00:00.000Z')?.toISOString()).toBe('2025-03-14T10:00:00.000Z');
    expect(parseDate('not a date')).toBeNull();
    expect(parseDate(null)).toBeNull();
  });
});

describe('formatDate', () => {
  it("uses the user's locale", () => {
    expect(formatDate('2025-03-14', 'en-GB')).toBe('14 Mar 2025');
    expect(formatDate('2025-03-14', 'en-US')).toBe('Mar 14, 2025');
    expect(formatDate('', 'en-GB')).toBe('');
  });
});

describe('daysUntil', () => {
  const now = new Date(2025, 2, 14, 23, 30);

  it('counts whole calendar days, whatever the time of day', () => {
    expect(daysUntil('2025-03-14', now)).toBe(0);
    expect(daysUntil('2025-03-15', now)).toBe(1);
    expect(daysUntil('2025-04-13', now)).toBe(30);
    expect(daysUntil('2025-03-10', now)).toBe(-4);
    expect(daysUntil(undefined, now)).toBeNull();
  });

  it('labels the result', () => {
    expect(daysLeftLabel(-1)).toBe('Closed');
    expect(daysLeftLabel(0)).toBe('Closes today');
    expect(daysLeftLabel(1)).toBe('1 day left');
    expect(daysLeftLabel(12)).toBe('12 days left');
  });
});

describe('labels', () => {
  it('names plans and roles for people', () => {
    expect(planLabel('starter')).toBe('Starter');
    expect(planLabel('ngo_pro')).toBe('Ngo Pro');
    expect(planLabel(' ')).toBe('Unknown');
    expect(roleLabel('NGO_ADMIN')).toBe('NGO admins');
    expect(roleLabel('admin')).toBe('Admins');
    expect(roleLabel('FIELD_OFFICER')).toBe('Field officer');
  });
});

describe('roleBreakdown', () => {
  it('merges admin spellings, drops empty groups and sorts largest first', () => {
    expect(roleBreakdown({ STAFF: 2, admin: 1, ADMIN: 1, VOLUNTEER: 4, VIEWER: 0 })).toEqual([
      { role: 'VOLUNTEER', label: 'Volunteers', count: 4, percent: 50 },
      { role: 'ADMIN', label: 'Admins', count: 2, percent: 25 },
      { role: 'STAFF', label: 'Staff', count: 2, percent: 25 },
    ]);
    expect(roleBreakdown({})).toEqual([]);
  });
});
