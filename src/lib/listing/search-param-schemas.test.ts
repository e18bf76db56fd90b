import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { textSearchParam } from './search-param-schemas';

describe('textSearchParam', () => {
  const search = z.object({ search: textSearchParam() });

  it('keeps what was searched as text, whatever the router decoded it into', () => {
    expect(search.parse({ search: 2025 })).toEqual({ search: '2025' });
    expect(search.parse({ search: true })).toEqual({ search: 'true' });
    expect(search.parse({ search: '  water ' })).toEqual({ search: 'water' });
  });

  it('drops what cannot be a search', () => {
    expect(search.parse({ search: '   ' })).toEqual({ search: undefined });
    expect(search.parse({ search: { a: 1 } })).toEqual({ search: undefined });
  });
});
