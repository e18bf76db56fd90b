import { describe, expect, it } from 'vitest';
import type { Question, QuestionType } from '../definition';
import { typeProblem } from './value-types';

const choices = new Set(['a', 'b', 'c']);
const check = (type: QuestionType, value: string, extra: Partial<Question> = {}) =>
  typeProblem({ name: 'q', type, ...extra }, value, (n) => choices.has(n));

/** Each good value passes, each bad one gets `message`. */
function expectValues(
  type: QuestionType,
  good: string[],
  bad: string[],
  message: string,
  extra?: Partial<Question>,
) {
  for (const v of good) expect(check(type, v, extra), `${type} ${v}`).toBeNull();
  for (const v of bad) expect(check(type, v, extra), `${type} ${v}`).toBe(message);
}

describe('typeProblem', () => {
  it('integer: digits with an optional minus', () => {
    expectValues(
      'integer',
      ['0', '42', '-7'],
      ['4.2', '1e3', ' 4', 'x', '--1'],
      'Enter a whole number (like 42).',
    );
  });

  it('decimal', () => {
    expectValues(
      'decimal',
      ['3', '3.5', '-0.25', '.5', '7.'],
      ['3,5', 'abc', '1e3', '-'],
      'Enter a number (like 3.5).',
    );
  });

  it('date: a real calendar day', () => {
    expectValues(
      'date',
      ['2026-11-27', '2024-02-29'],
      ['2026-02-30', '2025-02-29', '27/11/2026', '2026-1-5'],
      'Enter a date as YYYY-MM-DD.',
    );
  });

  it('time', () => {
    expectValues(
      'time',
      ['09:30', '23:59:59', '10:30:00.000+01:00', '10:30:00Z'],
      ['24:00', '9:30', '10:61'],
      'Enter a time as HH:MM or HH:MM:SS.',
    );
  });

  it('dateTime', () => {
    expectValues(
      'dateTime',
      ['2026-11-27T10:30:00.000+01:00', '2026-11-27T10:30'],
      ['2026-11-27', '2026-13-01T10:00', '2026-11-27 10:30'],
      'Enter a date and time as YYYY-MM-DDTHH:MM:SS.',
    );
  });

  it('range: within start and end, on a step (defaults 1 to 10 by 1)', () => {
    expectValues(
      'range',
      ['1', '10', '5'],
      ['0', '11', '2.5', 'x'],
      'Enter a number from 1 to 10 in steps of 1.',
    );
    expectValues('range', ['0', '0.3', '1'], ['0.35', '1.1'], 'Enter a number from 0 to 1 in steps of 0.1.', {
      parameters: { start: '0', end: '1', step: '0.1' },
    });
    expectValues('range', ['10', '6'], ['7', '12'], 'Enter a number from 10 to 0 in steps of 2.', {
      parameters: { start: '10', end: '0', step: '2' },
    });
  });

  it('select_one: one listed choice, or other when allowed', () => {
    expect(check('select_one', 'a')).toBeNull();
    expect(check('select_one', 'd')).toBe('Choose from the listed choices ("d" is not one of them).');
    expect(check('select_one', 'a b')).toBe('Choose from the listed choices ("a b" is not one of them).');
    expect(check('select_one', 'other')).toBe('Choose from the listed choices ("other" is not one of them).');
    expect(check('select_one', 'other', { orOther: true })).toBeNull();
  });

  it('select_multiple and rank: every space-separated value listed, each once', () => {
    expect(check('select_multiple', 'a c')).toBeNull();
    expect(check('select_multiple', 'a x c')).toBe(
      'Choose from the listed choices ("x" is not one of them).',
    );
    expect(check('rank', 'c a b')).toBeNull();
    expect(check('rank', 'a a')).toBe('Choose each choice at most once.');
    expect(check('select_multiple_from_file', 'b z')).toBe(
      'Choose from the listed choices ("z" is not one of them).',
    );
  });

  it('geopoint: lat lon [alt [accuracy]] within bounds', () => {
    expectValues(
      'geopoint',
      ['12.5 -8.25', '12.5 -8.25 300', '-90 180 0 4.5'],
      ['12.5', '91 0', '0 181', '1 2 x', '1 2 3 -1', '1 2 3 4 5'],
      'Enter a location as latitude longitude [altitude [accuracy]], latitude from -90 to 90, longitude from -180 to 180.',
    );
  });

  it('geotrace: at least two points separated by ;', () => {
    expect(check('geotrace', '1 1;2 2 0 0')).toBeNull();
    expect(check('geotrace', '1 1')).toMatch(/^Enter a line as at least 2 points/);
    expect(check('geotrace', '1 1;200 2')).toMatch(/^Enter a line/);
  });

  it('geoshape: closed, at least four points', () => {
    expect(check('geoshape', '0 0;0 1;1 1;0 0')).toBeNull();
    expect(check('geoshape', '0 0;0 1;1 1;1 0')).toMatch(/the last the same as the first/);
    expect(check('geoshape', '0 0;0 1;0 0')).toMatch(/^Enter a shape as at least 4 points/);
  });

  it('acknowledge: OK only', () => {
    expectValues('acknowledge', ['OK'], ['ok', 'yes', 'true'], 'The only answer is OK.');
  });

  it('leaves free text, media and barcodes alone', () => {
    for (const type of ['text', 'barcode', 'image', 'file', 'calculate'] as const)
      expect(check(type, 'anything <x>')).toBeNull();
  });
});
