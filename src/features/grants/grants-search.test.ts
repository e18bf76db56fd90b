import type { GrantFilter } from '@contract/grants';
import { describe, expect, it } from 'vitest';
import { filterSearchParams } from '@/lib/listing/listing-definition';
import { grantsListing } from './grants-listing-definition';
import { grantsSearchSchema } from './grants-search';

const grantsSearchParams = (filter: GrantFilter) => filterSearchParams(grantsListing, filter);

const parse = (search: Record<string, unknown>) => grantsSearchSchema.parse(search);

describe('the grants listing search params', () => {
  it('keeps the filters of a shared link', () => {
    expect(
      parse({
        country: 'Kenya',
        areaOfInterest: 'Clean Water',
        category: 'Health',
        publishedFrom: '2025-01-01',
        publishedTo: '2025-12-31',
        search: 'water pumps',
        sortBy: 'deadlineDate',
        sortOrder: 'asc',
      }),
    ).toEqual({
      country: 'Kenya',
      areaOfInterest: 'Clean Water',
      category: 'Health',
      publishedFrom: '2025-01-01',
      publishedTo: '2025-12-31',
      search: 'water pumps',
      sortBy: 'deadlineDate',
      sortOrder: 'asc',
    });
  });

  it('drops blank or unusable values instead of failing the page', () => {
    expect(
      parse({
        country: '  ',
        category: '',
        publishedFrom: '2025-02-30',
        publishedTo: 'yesterday',
        sortBy: 'popularity',
        sortOrder: 'sideways',
        search: { nested: true },
      }),
    ).toEqual({});
  });

  it('reads a number the router parsed from the address as text', () => {
    expect(parse({ search: 2025 })).toEqual({ search: '2025' });
  });

  it('trims text and caps its length', () => {
    expect(parse({ search: `  ${'a'.repeat(300)}  ` }).search).toHaveLength(200);
    expect(parse({ country: ' Kenya ' })).toEqual({ country: 'Kenya' });
  });

  it('writes only what was chosen: no blanks, no default sort', () => {
    expect(
      grantsSearchParams({ country: 'Kenya', category: ' ', sortBy: 'postDate', sortOrder: 'desc' }),
    ).toEqual({ country: 'Kenya' });
    expect(grantsSearchParams({ search: ' water ', sortBy: 'title', sortOrder: 'desc' })).toEqual({
      search: 'water',
      sortBy: 'title',
    });
    expect(grantsSearchParams({ sortOrder: 'asc' })).toEqual({ sortOrder: 'asc' });
    expect(grantsSearchParams({})).toEqual({});
  });
});
