import { describe, expect, it } from 'vitest';
import { choiceOf, periodOf } from './period';

describe('a document’s period', () => {
  it('gives the calendar year of today, or the one before, for the quick choices', () => {
    expect(periodOf('this-year', '2026-11-28')).toEqual({ periodFrom: '2026-01-01', periodTo: '2026-12-31' });
    expect(periodOf('last-year', '2026-01-01')).toEqual({ periodFrom: '2025-01-01', periodTo: '2025-12-31' });
    expect(periodOf('custom', '2026-11-28')).toBeUndefined();
  });

  it('names the quick choice two dates make, else custom', () => {
    expect(choiceOf({ periodFrom: '2025-01-01', periodTo: '2025-12-31' }, '2026-03-01')).toBe('last-year');
    expect(choiceOf({ periodFrom: '2026-01-01', periodTo: '2026-06-30' }, '2026-03-01')).toBe('custom');
  });
});
