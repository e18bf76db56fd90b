import { describe, expect, it } from 'vitest';
import { apiQueryOf, filterOf, isFiltered, rangeError, responsesSearch } from './responses-filter';

describe('the responses URL', () => {
  it('keeps usable params and drops the rest', () => {
    expect(
      responsesSearch.parse({
        view: 'summary',
        from: '2026-03-01',
        to: '2026-02-30',
        reviewStatus: 'maybe',
        question: 'age',
        value: 42,
        response: 'S1',
      }),
    ).toEqual({ view: 'summary', from: '2026-03-01', question: 'age', value: '42', response: 'S1' });
  });

  it('makes one filter of the params, a question only with its answer', () => {
    expect(
      filterOf({ view: 'table', from: '2026-03-01', question: 'age', response: 'S1', lang: 'fr' }),
    ).toEqual({
      from: '2026-03-01',
    });
    expect(filterOf({ question: 'age', value: ' 42 ' })).toEqual({ question: 'age', value: '42' });
    expect(isFiltered(filterOf({ view: 'summary' }))).toBe(false);
  });

  it('asks the API for whole local days, the last one included', () => {
    const query = apiQueryOf({ from: '2026-03-01', to: '2026-03-02', reviewStatus: 'approved' });
    expect(query.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.to).toBe(new Date(2026, 2, 3).toISOString());
    expect(query.reviewStatus).toBe('approved');
    expect(query.question).toBeUndefined();
  });

  it('says when the range ends before it starts', () => {
    expect(rangeError({ from: '2026-03-02', to: '2026-03-01' })).toBe(
      'The last day must be on or after the first day.',
    );
    expect(rangeError({ from: '2026-03-01', to: '2026-03-01' })).toBeUndefined();
  });
});
