import type { QueryClient, QueryKey } from '@tanstack/react-query';

/*
 * Offline, a filtered list the device never loaded can still be answered from one it did: any
 * saved list whose filters are a subset of the wanted ones (the full list is one) holds every
 * wanted item, and the feature filters it with the server's own rules (contract/listing-match.ts)
 * and sorts it in the server's order.
 */

export interface SavedList<T> {
  items: readonly T[];
  /** When the server made the saved copy. */
  savedAt: number;
}

const SORT_KEYS = new Set(['sortBy', 'sortOrder']);

const norm = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** Every filter of `saved` (the sort aside) is also in `wanted` with the same value. */
export function isSupersetFilter(saved: Record<string, unknown>, wanted: Record<string, unknown>): boolean {
  return Object.entries(saved).every(
    ([name, value]) => SORT_KEYS.has(name) || norm(value) === norm(wanted[name]),
  );
}

/**
 * The newest saved list under `listPrefix` (e.g. ['grants', 'list']) whose filters (key element
 * `filtersAt`) are a superset of `wanted`. Elements after the filters (another API base) must match.
 */
export function findSavedSuperset<T>(
  queryClient: QueryClient,
  listPrefix: QueryKey,
  wantedKey: QueryKey,
): SavedList<T> | undefined {
  const filtersAt = listPrefix.length;
  const wanted = (wantedKey[filtersAt] ?? {}) as Record<string, unknown>;
  const rest = JSON.stringify(wantedKey.slice(filtersAt + 1));
  let best: SavedList<T> | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: listPrefix })) {
    const data = query.state.data as readonly T[] | undefined;
    if (!Array.isArray(data)) continue;
    const key = query.queryKey;
    if (JSON.stringify(key.slice(filtersAt + 1)) !== rest) continue;
    if (!isSupersetFilter((key[filtersAt] ?? {}) as Record<string, unknown>, wanted)) continue;
    if (!best || query.state.dataUpdatedAt > best.savedAt)
      best = { items: data, savedAt: query.state.dataUpdatedAt };
  }
  return best;
}
