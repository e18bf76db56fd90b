import { describe, expect, it } from 'vitest';
import { prefixTsQuery } from './search';

describe('prefixTsQuery', () => {
  it.each([
    ['wat', "'wat':*"],
    ['  Clean   WAT ', "'Clean':* & 'WAT':*"],
    ['HIV/AIDS', "'HIV':* & 'AIDS':*"],
    ["o'brien & co | !x", "'o':* & 'brien':* & 'co':* & 'x':*"],
    ['Côte d’Ivoire 2025', "'Côte':* & 'd':* & 'Ivoire':* & '2025':*"],
    ['water water', "'water':*"],
  ])('%j → %s', (input, expected) => {
    expect(prefixTsQuery(input)).toBe(expected);
  });

  it('answers null when there is no word, and keeps at most 12 words', () => {
    expect(prefixTsQuery('!!! & | :* <->')).toBeNull();
    expect(prefixTsQuery('')).toBeNull();
    const many = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    expect(prefixTsQuery(many)?.split(' & ')).toHaveLength(12);
  });
});
