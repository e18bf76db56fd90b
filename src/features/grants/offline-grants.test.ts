import type { GrantFilter, GrantSummary } from '@contract/grants';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pagedListingKey, type ListingPage } from '@/lib/listing/paged-query';
import { savedListFor } from '@/lib/listing/saved-superset';
import { grantsListing } from './grants-listing-definition';
import { grantSizeAmount } from './grants-order';

const savedGrantsFor = (client: QueryClient, filter: GrantFilter) =>
  savedListFor(client, grantsListing, filter);

const grant = (id: string, over: Partial<GrantSummary> = {}): GrantSummary => ({
  id,
  title: `Grant ${id}`,
  category: 'Health',
  donorAgency: 'Fund',
  grantSize: '$10,000',
  postDate: '2026-01-01',
  deadlineDate: null,
  imageUrl: null,
  country: 'Kenya',
  areaOfInterest: 'Water',
  ...over,
});

const saved = [
  grant('A', { country: 'Kenya, Uganda', postDate: '2026-01-03', grantSize: '$5k' }),
  grant('B', { country: 'Rwanda', postDate: '2026-01-02' }),
  grant('C', {
    country: ' kenya ',
    title: 'Clean water fund',
    postDate: '2026-01-01',
    grantSize: 'Up to $2m',
  }),
];

/** The saved pages of one list: its grants split in pages of two, `more` when pages were left unseen. */
function pagesOf(grants: GrantSummary[], more = false) {
  const pages: ListingPage<GrantSummary>[] = [];
  for (let i = 0; i < grants.length; i += 2)
    pages.push({
      items: grants.slice(i, i + 2),
      ...(i + 2 < grants.length || more ? { nextCursor: `c${i}` } : {}),
    });
  return { pages, pageParams: pages.map((_, i) => (i ? `c${i * 2 - 2}` : '')) };
}

function clientWith(lists: [GrantFilter, GrantSummary[], number, boolean?][]) {
  const client = new QueryClient();
  for (const [filters, data, at, more] of lists)
    client.setQueryData(pagedListingKey(grantsListing, filters), pagesOf(data, more), { updatedAt: at });
  return client;
}

describe('offline grants from a saved superset', () => {
  it('filters the saved pages of the full list with the server rules and sorts them in the server order', () => {
    const client = clientWith([[{}, saved, 1000]]);
    const result = savedGrantsFor(client, { country: 'KENYA' });
    expect(result?.items.map((g) => g.id)).toEqual(['A', 'C']);
    expect(result?.savedAt).toBe(1000);
    expect(result?.complete).toBe(true);
    expect(savedGrantsFor(client, { search: 'wat' })?.items.map((g) => g.id)).toEqual(['A', 'B', 'C']);
    expect(savedGrantsFor(client, { search: 'clean' })?.items.map((g) => g.id)).toEqual(['C']);
    expect(
      savedGrantsFor(client, { country: 'kenya', sortBy: 'grantSize', sortOrder: 'desc' })?.items.map(
        (g) => g.id,
      ),
    ).toEqual(['C', 'A']);
  });

  it('uses a saved filtered list that contains the wanted one, never a narrower one', () => {
    const client = clientWith([[{ country: 'Kenya' }, [saved[0]!, saved[2]!], 2000]]);
    expect(savedGrantsFor(client, { country: 'kenya', search: 'clean' })?.items.map((g) => g.id)).toEqual([
      'C',
    ]);
    // A list saved for Kenya says nothing about Rwanda.
    expect(savedGrantsFor(client, { country: 'Rwanda' })).toBeUndefined();
    expect(savedGrantsFor(client, {})).toBeUndefined();
  });

  it('answers from the pages seen when the list was not read to its end, and says so', () => {
    const client = clientWith([[{}, saved.slice(0, 2), 1000, true]]);
    const result = savedGrantsFor(client, { country: 'kenya' });
    expect(result?.items.map((g) => g.id)).toEqual(['A']);
    expect(result?.complete).toBe(false);
    // A copy read to its end wins over a newer partial one.
    const both = clientWith([
      [{}, saved.slice(0, 2), 9000, true],
      [{ sortBy: 'title', sortOrder: 'asc' }, saved, 1000],
    ]);
    expect(savedGrantsFor(both, { country: 'kenya' })?.items.map((g) => g.id)).toEqual(['A', 'C']);
  });

  it('prefers the most recently saved superset', () => {
    const client = clientWith([
      [{}, saved, 1000],
      [{ sortBy: 'title', sortOrder: 'asc' }, saved, 5000],
    ]);
    expect(savedGrantsFor(client, { country: 'Rwanda' })?.savedAt).toBe(5000);
  });

  it('reads sizes like the generated amount column', () => {
    expect(grantSizeAmount('$5,000 - $25,000')).toBe(25000);
    expect(grantSizeAmount('Up to $30,000')).toBe(30000);
    expect(grantSizeAmount('$2m')).toBe(2_000_000);
    expect(grantSizeAmount('€1.5 billion')).toBe(1_500_000_000);
    expect(grantSizeAmount('Varies')).toBeNull();
  });
});
