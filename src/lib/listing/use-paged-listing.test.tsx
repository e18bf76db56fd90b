import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { resetConnectivityForTests } from '../connectivity';
import { defineListing } from './listing-definition';
import { pagedListingKey } from './paged-query';
import { usePagedListing } from './use-paged-listing';

/*
 * The shared listing hook against stubbed pages of contract/paging.ts: JSON arrays, the next page's
 * cursor in `Next-Cursor`, absent on the last page.
 */

interface Item {
  id: string;
  title: string;
}
type Filter = { search?: string; sortBy?: 'title'; sortOrder?: 'asc' | 'desc' };

const listing = defineListing<Item, Filter>({
  resource: 'things',
  path: '/things',
  fields: ['search'],
  defaultSort: { sortBy: 'title', sortOrder: 'asc' },
  pageSize: 2,
  matcher: (f) => (item) => !f.search || item.title.toLowerCase().includes(f.search.toLowerCase()),
  compare:
    ({ sortOrder }) =>
    (a, b) =>
      (sortOrder === 'asc' ? 1 : -1) * a.title.localeCompare(b.title),
});

const items = ['Apple', 'Banana', 'Cherry', 'Date', 'Elderberry'].map((title, i) => ({ id: `i${i}`, title }));

/** A keyset-paged server over `all`: the cursor is the index of the page's first item. */
function pagedServer(all: Item[], { failCursor }: { failCursor?: string } = {}) {
  return (request: StubbedRequest) => {
    const url = new URL(request.url, 'http://localhost');
    const search = url.searchParams.get('search')?.toLowerCase();
    const matching = all.filter((i) => !search || i.title.toLowerCase().includes(search));
    const cursor = url.searchParams.get('cursor');
    if (cursor !== null && cursor === failCursor) return new Response('{"message":"Down."}', { status: 503 });
    const from = cursor ? Number(cursor) : 0;
    const limit = Number(url.searchParams.get('limit'));
    const headers = new Headers({ 'content-type': 'application/json' });
    if (from + limit < matching.length) headers.set('Next-Cursor', String(from + limit));
    return new Response(JSON.stringify(matching.slice(from, from + limit)), { headers });
  };
}

const cursors = (requests: StubbedRequest[]) =>
  requests.map((r) => new URL(r.url, 'http://localhost').searchParams.get('cursor'));

function renderListing(
  initial: Filter = {},
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const onFilterChange = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    ({ filter }: { filter: Filter }) => usePagedListing(listing, { filter, onFilterChange }),
    { wrapper, initialProps: { filter: initial } },
  );
  return { ...hook, onFilterChange, client };
}

const titles = (list: readonly Item[] | undefined) => list?.map((i) => i.title);

afterEach(() => {
  vi.restoreAllMocks();
  resetConnectivityForTests();
});

describe('usePagedListing', () => {
  it('chains pages by Next-Cursor and stops on the page without one; the count is exact once there', async () => {
    const { requests } = stubFetch(pagedServer(items));
    const { result } = renderListing();
    expect(result.current.items).toBeUndefined();
    expect(result.current.count).toBeUndefined();

    await waitFor(() => expect(titles(result.current.items)).toEqual(['Apple', 'Banana']));
    // Pages not loaded yet may hold more: at least 2.
    expect(result.current.count).toEqual({ n: 2, exact: false });
    expect(result.current.more).toBe('idle');
    expect(new URL(requests[0]!.url, 'http://localhost').search).toBe('?sortBy=title&sortOrder=asc&limit=2');

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(4));
    expect(result.current.count).toEqual({ n: 4, exact: false });
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(5));
    expect(cursors(requests)).toEqual([null, '2', '4']);
    expect(result.current.more).toBe('none');

    act(() => result.current.loadMore());
    expect(requests).toHaveLength(3);
    expect(result.current.count).toEqual({ n: 5, exact: true });
  });

  it('shows the next page loading, then a failure that Retry recovers from', async () => {
    let fail = true;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubFetch(async (request) => {
      if (!fail) return pagedServer(items)(request);
      if (request.url.includes('cursor')) await answered;
      return pagedServer(items, { failCursor: '2' })(request);
    });
    const { result } = renderListing();
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.more).toBe('loading'));
    answer();
    await waitFor(() => expect(result.current.more).toBe('error'));
    expect(result.current.items).toHaveLength(2);

    fail = false;
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(4));
    expect(result.current.more).toBe('idle');
  });

  it('starts again from the first page when the filter changes', async () => {
    const { requests } = stubFetch(pagedServer(items));
    const { result, rerender } = renderListing();
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(4));

    rerender({ filter: { search: 'rr' } });
    await waitFor(() => expect(titles(result.current.items)).toEqual(['Cherry', 'Elderberry']));
    const last = new URL(requests.at(-1)!.url, 'http://localhost');
    expect(last.searchParams.get('search')).toBe('rr');
    expect(last.searchParams.has('cursor')).toBe(false);
    // One page holds every match: the count is exact.
    expect(result.current.count).toEqual({ n: 2, exact: true });
    expect(result.current.form.draft).toEqual({ search: 'rr' });
  });

  it('narrows the loaded items as the draft changes, without asking the server, and commits on search', async () => {
    const { requests } = stubFetch(pagedServer(items));
    const { result, onFilterChange } = renderListing();
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => result.current.form.setField('search', 'an'));
    expect(titles(result.current.items)).toEqual(['Banana']);
    // More pages may hold more matches: the count is a lower bound and the list says Search looks further.
    expect(result.current.count).toEqual({ n: 1, exact: false });
    expect(result.current.more).toBe('narrowed');
    expect(requests).toHaveLength(1);

    act(() => result.current.form.search());
    expect(onFilterChange).toHaveBeenLastCalledWith({ search: 'an' });
    act(() => result.current.form.reset());
    expect(onFilterChange).toHaveBeenLastCalledWith({});
    expect(result.current.form.draft).toEqual({});
  });

  it('offline, filters the saved pages of a wider list with the listing’s rules and order', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Two pages of the unfiltered list were seen; a third was never loaded.
    client.setQueryData(
      pagedListingKey(listing, {}),
      {
        pages: [
          { items: items.slice(0, 2), nextCursor: '2' },
          { items: items.slice(2, 4), nextCursor: '4' },
        ],
        pageParams: ['', '2'],
      },
      { updatedAt: 1234 },
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    const { result } = renderListing({ search: 'a', sortOrder: 'desc' }, client);
    await waitFor(() => expect(titles(result.current.items)).toEqual(['Date', 'Banana', 'Apple']));
    expect(result.current.offline).toBe(true);
    expect(result.current.savedAt).toBe(1234);
    // The saved list was not read to its end: what it holds is all that can be said.
    expect(result.current.count).toEqual({ n: 3, exact: false });
    expect(result.current.more).toBe('none');

    // The draft narrows the saved answer further, still offline.
    act(() => result.current.form.setField('search', 'an'));
    expect(titles(result.current.items)).toEqual(['Banana']);
  });
});
