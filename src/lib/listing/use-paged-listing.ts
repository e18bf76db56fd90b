import { keepPreviousData, useInfiniteQuery, useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useOffline } from '../connectivity';
import { arrivedWithPageData } from '../page-data';
import { useHydrated } from '../use-hydrated';
import { sameFilter, type ListingDefinition, type ListingFilter } from './listing-definition';
import { isComplete, itemsOf, pagedListingKey, pagedListingOptions, type PagedData } from './paged-query';
import { savedListFor } from './saved-superset';
import { useListingForm, type ListingForm } from './use-listing-form';

/*
 * One listing screen's state: the URL's committed filter and the form's draft, the pages loaded so
 * far (an infinite query, persisted for reading offline), the offline answer from a saved superset,
 * and the narrowing of what is loaded as the user types. Screens render; this decides.
 */

export interface PagedListingOptions<F extends ListingFilter> {
  /** The committed filter: the page's URL search params. */
  filter: F;
  /** Commits a filter to the URL, which drives the query (the route navigates). */
  onFilterChange: (filter: F) => void;
  /** Another API base for the listing's requests (the public blogs page's fixed address). */
  baseURL?: string;
}

/**
 * How many items match: exactly `n` once the list is read to its last page, or at least `n` while
 * pages not loaded yet may hold more (the API gives no total: counting costs more than a page).
 */
export interface ListingCount {
  n: number;
  exact: boolean;
}

/**
 * What follows the last item: nothing; more to load (when the end comes into view); the next page
 * loading; its load failed (offer Retry); or the loaded items are narrowed by an uncommitted draft
 * while more pages exist (Search asks the server over all of them).
 */
export type MoreState = 'none' | 'idle' | 'loading' | 'error' | 'narrowed';

export interface PagedListing<T, F extends ListingFilter> {
  form: ListingForm<F>;
  /** The items to show: the loaded (or, offline, saved) ones narrowed by the draft; undefined while the first page loads. */
  items: readonly T[] | undefined;
  /** Every loaded item before the draft narrows them: filter options come from them. */
  loaded: readonly T[] | undefined;
  /** Undefined while the first page loads. */
  count: ListingCount | undefined;
  offline: boolean;
  /** When the shown copy was saved (the offline note); undefined when nothing saved answers it. */
  savedAt: number | undefined;
  /** A new answer is on its way while the current one stays on screen. */
  updating: boolean;
  more: MoreState;
  /** Loads the next page (when the list's end comes into view, or Retry after a failure). */
  loadMore: () => void;
}

const none: readonly never[] = [];

export function usePagedListing<T, F extends ListingFilter>(
  def: ListingDefinition<T, F>,
  { filter, onFilterChange, baseURL }: PagedListingOptions<F>,
): PagedListing<T, F> {
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const form = useListingForm(def, filter, onFilterChange);
  const query = useInfiniteQuery({
    ...pagedListingOptions(def, filter, { baseURL }),
    // A new filter or sort keeps the current cards on screen until its answer arrives, instead of
    // dropping back to skeletons on every Search.
    placeholderData: keepPreviousData,
  });

  // Offline, a list never loaded for this filter is worked out from a saved superset, with the
  // server's matching rules and order. Recomputed once the persisted cache has been restored.
  const offline = useOffline();
  const isRestoring = useIsRestoring();
  const needsSaved = offline && (query.data === undefined || query.isPlaceholderData);
  const filterKey = JSON.stringify(pagedListingKey(def, filter, baseURL));
  const saved = useMemo(
    () => (needsSaved && !isRestoring ? savedListFor(queryClient, def, filter, baseURL) : undefined),
    // filterKey stands for filter and baseURL: the route may hand a new but equal object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [needsSaved, isRestoring, queryClient, def, filterKey],
  );
  const fromQuery = useMemo(() => itemsOf<T>(query.data), [query.data]);
  const data = saved?.items ?? fromQuery;
  const complete = saved ? saved.complete : isComplete(query.data);

  // A page prerendered at build time has no data: until hydration is over, render what the build
  // rendered, even if the route's loader has already filled the cache, unless the page arrived
  // with this very answer (rendered over it on the server, ADR 0028). The spec: "a failed load is
  // treated as an empty list"; so is, offline, a list with nothing saved to answer it.
  const loaded =
    hydrated || arrivedWithPageData(filterKey)
      ? (data ?? (query.isError || (offline && !isRestoring) ? none : undefined))
      : undefined;

  // The shown items answer the committed filter exactly unless they are another filter's (kept on
  // screen while the new answer loads) or the draft differs from it: then they are narrowed here.
  const answersFilter = Boolean(saved) || !query.isPlaceholderData;
  const narrowing = !answersFilter || !sameFilter(def, form.usableDraft, filter);
  const { matcher } = def;
  const items = useMemo(
    () => (narrowing ? loaded?.filter(matcher(form.usableDraft)) : loaded),
    [narrowing, loaded, matcher, form.usableDraft],
  );

  // Nothing loaded (a failed load, or offline with nothing saved) is an exact, empty list.
  const count: ListingCount | undefined =
    items === undefined ? undefined : { n: items.length, exact: complete || data === undefined };

  const { hasNextPage, fetchStatus, fetchNextPage } = query;
  const canFetch = !saved && hasNextPage && fetchStatus === 'idle';
  const loadMore = useCallback(() => {
    // Never over a fetch in flight (fetchNextPage would cancel it), nor one paused while offline.
    if (canFetch) void fetchNextPage();
  }, [canFetch, fetchNextPage]);

  const more: MoreState =
    items === undefined || saved || !hasNextPage || !answersFilter
      ? 'none'
      : narrowing
        ? 'narrowed'
        : query.isFetchNextPageError
          ? 'error'
          : query.isFetchingNextPage
            ? 'loading'
            : 'idle';

  const reset = () => {
    form.reset();
    // The spec: "Reset clears all filters, restores sort to postDate descending and reloads". Only
    // the first page is asked again; the rest load as the user scrolls.
    const key = pagedListingKey(def, {} as F, baseURL);
    queryClient.setQueryData<PagedData<T>>(
      key,
      (old) => old && { pages: old.pages.slice(0, 1), pageParams: old.pageParams.slice(0, 1) },
    );
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  };

  return {
    form: { ...form, reset },
    items,
    loaded,
    count,
    offline,
    savedAt: data === undefined ? undefined : saved ? saved.savedAt : query.dataUpdatedAt,
    updating: hydrated && query.isFetching && !query.isFetchingNextPage && loaded !== undefined,
    more,
    loadMore,
  };
}
