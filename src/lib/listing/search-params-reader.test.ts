import { describe, expect, it } from 'vitest';
import { dayParam, enumParam, searchParamsReader, textParam } from './search-params-reader';

describe('the listings’ search-param readers', () => {
  const reader = searchParamsReader<{ search?: string; from?: string; order?: 'asc' | 'desc' }>({
    search: textParam(),
    from: dayParam(),
    order: enumParam(['asc', 'desc'] as const),
  });

  it('keeps what was searched as text, whatever the router decoded it into', () => {
    expect(reader.parse({ search: 2025 })).toEqual({ search: '2025' });
    expect(reader.parse({ search: true })).toEqual({ search: 'true' });
    expect(reader.parse({ search: '  water ' })).toEqual({ search: 'water' });
  });

  it('leaves out what cannot be used, so the listing shows more instead of failing', () => {
    expect(reader.parse({ search: '   ', from: '2025-02-30', order: 'sideways' })).toEqual({});
    expect(reader.parse({ search: { a: 1 }, from: 20250101, order: 1 })).toEqual({});
    expect(Object.keys(reader.parse({ search: '' }))).toEqual([]);
  });

  it('keeps a real day and a known value', () => {
    expect(reader.parse({ from: ' 2024-02-29 ', order: 'asc' })).toEqual({
      from: '2024-02-29',
      order: 'asc',
    });
  });

  it('caps text at the given length', () => {
    expect(textParam(5)('  abcdefgh')).toBe('abcde');
  });
});
