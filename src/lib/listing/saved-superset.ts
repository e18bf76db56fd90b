import type { QueryClient } from '@tanstack/react-query';
import { normaliseFilter, sortOf, type ListingDefinition, type ListingFilter } from './listing-definition';
import { isComplete, itemsOf, pagedListingKey, pagedListingsKey, type PagedData } from './paged-query';

/*
 * Offline, a filtered list the device never loaded can still be answered from one it did: any saved
 * list whose filters are a subset of the wanted ones (the unfiltered list is one) holds the wanted
 * items among its pages, so it is filtered with the server's own rules (contract/listing-match.ts)
 * and sorted in the server's order. Only the pages seen were saved: the answer is complete when the
 * saved list was read to its last page, and otherwise holds the matches among what was seen.
 */

export interface SavedList<T> {
  items: readonly T[];
  /** When the server made the saved copy. */
  savedAt: number;
  /** The saved list was read to its end, so `items` is every item the server would list. */
  complete: boolean;
}

const SORT_KEYS = new Set(['sortBy', 'sortOrder']);

const norm = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** Every filter of `saved` (the sort aside) is also in `wanted` with the same value. */
export function isSupersetFilter(saved: Record<string, unknown>, wanted: Record<string, unknown>): boolean {
  return Object.entries(saved).every(
    ([name, value]) => SORT_KEYS.has(name) || norm(value) === norm(wanted[name]),
  );
}

/** A complete copy beats a partial one; among equals, the newer. */
const better = (a: SavedList<unknown>, b: SavedList<unknown> | undefined) =>
  !b || (a.complete !== b.complete ? a.complete : a.savedAt > b.savedAt);

/**
 * The best saved paged list of `def` whose filters contain `wanted`'s, read from the saved pages.
 * Elements of the key after the filter (another API base) must match.
 */
export function findSavedSuperset<T, F extends ListingFilter>(
  queryClient: QueryClient,
  def: ListingDefinition<T, F>,
  wanted: F,
  baseURL?: string,
): SavedList<T> | undefined {
  const prefix = pagedListingsKey(def.resource);
  const wantedKey = pagedListingKey(def, wanted, baseURL);
  const filtersAt = prefix.length;
  const rest = JSON.stringify(wantedKey.slice(filtersAt + 1));
  let best: SavedList<T> | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix })) {
    const data = query.state.data as PagedData<T> | undefined;
    if (!Array.isArray(data?.pages)) continue;
    const key = query.queryKey;
    if (JSON.stringify(key.slice(filtersAt + 1)) !== rest) continue;
    if (!isSupersetFilter((key[filtersAt] ?? {}) as Record<string, unknown>, wantedKey[filtersAt] as F))
      continue;
    const candidate = {
      items: itemsOf(data)!,
      savedAt: query.state.dataUpdatedAt,
      complete: isComplete(data),
    };
    if (better(candidate, best)) best = candidate;
  }
  return best;
}

/**
 * What the server would list for `filter`, worked out from the best saved superset: its matching
 * rules, then its order. Undefined when nothing saved contains it.
 */
export function savedListFor<T, F extends ListingFilter>(
  queryClient: QueryClient,
  def: ListingDefinition<T, F>,
  filter: F,
  baseURL?: string,
): SavedList<T> | undefined {
  const wanted = normaliseFilter(def, filter);
  const saved = findSavedSuperset(queryClient, def, wanted, baseURL);
  if (!saved) return undefined;
  const items = saved.items.filter(def.matcher(wanted)).sort(def.compare(sortOf(def, wanted)));
  return { ...saved, items };
}
