import { describe, expect, it } from 'vitest';
import { day, dayOrBlank, instant, instantOrBlank, isStorableText, opaqueId, text } from './storable';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('text()', () => {
  it('refuses NUL and lone surrogates with a message naming the field', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy']) {
      expect(messageOf(text('Name').safeParse(bad)), JSON.stringify(bad)).toBe(
        'Name contains a character that is not allowed.',
      );
    }
  });

  it('keeps every other character, surrogate pairs included', () => {
    for (const good of ['', 'Clean water', '💧🌍', 'e\u0301', '\t\r\n', '\u007f']) {
      expect(text('Name').safeParse(good).success, JSON.stringify(good)).toBe(true);
      expect(isStorableText(good)).toBe(true);
    }
  });

  it('says "required" for a missing value and "must be text" for another type', () => {
    expect(messageOf(text('Name').safeParse(undefined))).toBe('Name is required.');
    expect(messageOf(text('Name').safeParse(42))).toBe('Name must be text.');
  });

  it('reports the NUL before a later check such as the length', () => {
    expect(messageOf(text('Id').max(3).safeParse('abcdef\u0000'))).toBe(
      'Id contains a character that is not allowed.',
    );
    expect(messageOf(opaqueId('Id').safeParse('x'.repeat(65)))).toBe(
      'Id is too long (64 characters at most).',
    );
  });
});

describe('day()', () => {
  it('takes the days from 1900-01-01 to 9999-12-31', () => {
    for (const good of ['1900-01-01', '2024-02-29', '9999-12-31']) {
      expect(day('Post date').safeParse(good).success, good).toBe(true);
    }
  });

  it('refuses year 0 and other years Postgres or Date cannot hold faithfully', () => {
    for (const bad of ['0000-01-01', '0001-01-01', '0050-06-15', '1899-12-31']) {
      expect(messageOf(day('Post date').safeParse(bad)), bad).toBe(
        'Post date must be between 1900-01-01 and 9999-12-31.',
      );
    }
  });

  it('refuses what is not a calendar day written YYYY-MM-DD', () => {
    for (const bad of [
      '2025-02-30',
      '10000-01-01',
      '+275760-09-13',
      '2025-1-1',
      '2025-01-01T00:00:00Z',
      '',
    ]) {
      expect(messageOf(day('Post date').safeParse(bad)), bad).toBe(
        'Post date must be a date written YYYY-MM-DD.',
      );
    }
  });

  it('dayOrBlank() passes a blank and trims', () => {
    expect(dayOrBlank('End date').parse('')).toBe('');
    expect(dayOrBlank('End date').parse(' 2025-03-01 ')).toBe('2025-03-01');
    expect(messageOf(dayOrBlank('End date').safeParse('0000-01-01'))).toBe(
      'End date must be between 1900-01-01 and 9999-12-31.',
    );
  });
});

describe('instant()', () => {
  it('takes ISO 8601 instants whose UTC time is in years 1900 to 9999', () => {
    for (const good of ['1900-01-01T00:00:00Z', '2025-01-31T09:00:00+02:00', '9999-12-31T23:59:59.999Z']) {
      expect(instant('Generated at').safeParse(good).success, good).toBe(true);
    }
  });

  it('refuses an instant outside those years once its offset is applied', () => {
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '1900-01-01T00:00:00+01:00',
      '9999-12-31T23:59:59-05:00',
      '0050-06-15T12:00:00Z',
    ]) {
      expect(messageOf(instant('Generated at').safeParse(bad)), bad).toBe(
        'Generated at must be between 1900-01-01 and 9999-12-31 (UTC).',
      );
    }
  });

  it('refuses what is not an ISO 8601 date-time with a zone', () => {
    for (const bad of ['+275760-09-13T00:00:00Z', '2025-01-01T00:00:00', '2025-01-01', 'yesterday']) {
      expect(messageOf(instant('Generated at').safeParse(bad)), bad).toMatch(
        /^Generated at must be an ISO 8601/,
      );
    }
    expect(instantOrBlank('Generated at').parse('')).toBe('');
  });
});
