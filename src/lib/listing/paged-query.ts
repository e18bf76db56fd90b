import type * as Paging from '@contract/paging';
import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { api, apiBaseUrl } from '../api-client';
import { noteSavedAt } from '../saved-at';
import { normaliseFilter, type ListingDefinition, type ListingFilter } from './listing-definition';

/*
 * A listing read page by page (contract/paging.ts): `limit` and `cursor` beside the filters; the
 * answer is the same JSON array holding one page, and `Next-Cursor` names the next page (absent on
 * the last one). There is no total: how many match is known once the last page is in. A server that
 * ignores the paging parameters answers the whole list without the header: one complete page.
 */

/** contract/paging.ts's header, typed from it: a value import would put zod on the public pages. */
const NEXT_CURSOR_HEADER: typeof Paging.NEXT_CURSOR_HEADER = 'Next-Cursor';

export interface ListingPage<T> {
  items: T[];
  /** The cursor of the next page; absent on the last page. */
  nextCursor?: string;
}

export type PagedData<T> = InfiniteData<ListingPage<T>>;

/** The query key kind of paged lists: ['grants', 'pages', filter]. Whole-array lists use 'list'. */
export const PAGES_KIND = 'pages';

/** Another backend than the app's API is another source, so its lists are cached apart. */
const otherBase = (baseURL: string | undefined) => (baseURL && baseURL !== apiBaseUrl ? [baseURL] : []);

/** Every paged list of a resource, whatever its filter: for invalidating after a write. */
export const pagedListingsKey = (resource: string) => [resource, PAGES_KIND] as const;

export function pagedListingKey<T, F extends ListingFilter>(
  def: ListingDefinition<T, F>,
  filter: F,
  baseURL?: string,
): QueryKey {
  return [def.resource, PAGES_KIND, normaliseFilter(def, filter), ...otherBase(baseURL)];
}

export interface PageRequest {
  /** The query the page belongs to: a page the service worker answered from its cache dates it. */
  queryKey: QueryKey;
  query: Record<string, string | undefined>;
  cursor?: string;
  limit: number;
  signal?: AbortSignal;
  baseURL?: string;
}

/** GET one page of a listing. */
export async function fetchListingPage<T>(path: string, request: PageRequest): Promise<ListingPage<T>> {
  const { queryKey, query, cursor, limit, signal, baseURL } = request;
  const response = await api.raw<T[]>(path, {
    query: { ...query, limit, ...(cursor && { cursor }) },
    signal,
    ...(baseURL && { baseURL }),
  });
  // Offline, the listing says how old a copy the service worker answered with is.
  noteSavedAt(queryKey, response.headers);
  const items = Array.isArray(response._data) ? response._data : [];
  const nextCursor = response.headers.get(NEXT_CURSOR_HEADER) || undefined;
  return { items, ...(nextCursor && { nextCursor }) };
}

/**
 * The infinite query of a listing for one filter. Its key is ['<resource>', 'pages', filter], so the
 * persistence allow-list and the offline superset find it beside the resource's other lists.
 */
export function pagedListingOptions<T, F extends ListingFilter>(
  def: ListingDefinition<T, F>,
  filter: F,
  { baseURL }: { baseURL?: string } = {},
) {
  return infiniteQueryOptions({
    queryKey: pagedListingKey(def, filter, baseURL),
    queryFn: ({ pageParam, signal, queryKey }) =>
      // Type-only contract imports: answers are trusted rather than parsed, which keeps zod off the
      // public pages' chunk and thousands of items off a validation pass.
      fetchListingPage<T>(def.path, {
        queryKey,
        query: normaliseFilter(def, filter) as Record<string, string | undefined>,
        cursor: pageParam || undefined,
        limit: def.pageSize,
        signal,
        baseURL,
      }),
    // '' rather than undefined: page params are persisted as JSON.
    initialPageParam: '',
    getNextPageParam: (last: ListingPage<T>) => last.nextCursor,
    // A stale infinite query refetches every page it holds, one after another: on 2G, a reader 20
    // pages down would pay 20 round trips on each focus. Listings change rarely (each page is an
    // ETag revalidation), so they stay fresh for longer than the app's default 30 s.
    staleTime: LISTING_STALE_MS,
  });
}

const LISTING_STALE_MS = 5 * 60_000;

/** Every item of the pages loaded so far, in order. */
export function itemsOf<T>(data: PagedData<T> | undefined): T[] | undefined {
  if (!data) return undefined;
  return data.pages.length === 1 ? data.pages[0]!.items : data.pages.flatMap((page) => page.items);
}

/** True when the last page loaded was the last page of the list. */
export const isComplete = (data: PagedData<unknown> | undefined) =>
  Boolean(data?.pages.length) && !data!.pages[data!.pages.length - 1]!.nextCursor;

/** The loaded pages without the items `gone` picks (a deleted record leaves every cached page at once). */
export function withoutItem<T>(data: PagedData<T> | undefined, gone: (item: T) => boolean) {
  return (
    data && {
      ...data,
      pages: data.pages.map((page) => ({ ...page, items: page.items.filter((i) => !gone(i)) })),
    }
  );
}
