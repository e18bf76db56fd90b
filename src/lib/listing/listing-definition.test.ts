import { describe, expect, it } from 'vitest';
import { defineListing, filterSearchParams, normaliseFilter, sameFilter, sortOf } from './listing-definition';

type Filter = {
  country?: string;
  search?: string;
  sortBy?: 'postDate' | 'title';
  sortOrder?: 'asc' | 'desc';
};

const listing = defineListing<{ id: string }, Filter>({
  resource: 'things',
  path: '/things',
  fields: ['country', 'search'],
  defaultSort: { sortBy: 'postDate', sortOrder: 'desc' },
  pageSize: 10,
  matcher: () => () => true,
  compare: () => () => 0,
});

describe('a listing filter', () => {
  it('is normalised for the request and the cache key: trimmed, blanks dropped, sort explicit, in field order', () => {
    expect(normaliseFilter(listing, { search: ' water ', country: ' ' })).toEqual({
      search: 'water',
      sortBy: 'postDate',
      sortOrder: 'desc',
    });
    expect(JSON.stringify(normaliseFilter(listing, { search: 'a', country: 'b' }))).toBe(
      '{"country":"b","search":"a","sortBy":"postDate","sortOrder":"desc"}',
    );
    // A field the listing does not name is not part of its filter.
    expect(normaliseFilter(listing, { other: 'x' } as Filter)).toEqual({
      sortBy: 'postDate',
      sortOrder: 'desc',
    });
  });

  it('becomes search params without blanks or the default sort, so the plain listing is the bare path', () => {
    expect(
      filterSearchParams(listing, { country: 'Kenya', search: '', sortBy: 'postDate', sortOrder: 'desc' }),
    ).toEqual({ country: 'Kenya' });
    expect(filterSearchParams(listing, { sortBy: 'title' })).toEqual({ sortBy: 'title' });
    expect(filterSearchParams(listing, {})).toEqual({});
  });

  it('compares by what the server would be asked', () => {
    expect(sameFilter(listing, {}, { search: ' ', sortBy: 'postDate' })).toBe(true);
    expect(sameFilter(listing, { search: 'a' }, { search: 'b' })).toBe(false);
    expect(sortOf(listing, { sortOrder: 'asc' })).toEqual({ sortBy: 'postDate', sortOrder: 'asc' });
  });
});
