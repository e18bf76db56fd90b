import type { QueryClient } from '@tanstack/react-query';
import type { SideQueue } from './outbox/side-queues';
import type { UserDataStore } from './user-data-wipe';

/*
 * What the app keeps on the device for reading offline is declared by each feature, in one place
 * (features/<name>/offline.ts), and composed by main.tsx; lib/ names no feature's keys or caches.
 */

/** One feature's offline footprint. */
export interface OfflineRegistration {
  /** The feature's query-key root: its keys are [root, kind, …]. */
  root: string;
  /** The kinds (second key element) persisted to IndexedDB, e.g. ['pages', 'detail']. */
  persist: readonly string[];
  /**
   * Of those, the kinds whose third key element is a list's filter. The unfiltered list (whatever
   * its sort) is always kept; of the filtered ones only the newest few, so a week of searching does
   * not fill the phone.
   */
  filteredLists?: readonly string[];
  /**
   * The service worker's runtime caches the feature owns that hold only answers the same for
   * everyone (contract/offline-caches.ts): kept at logout, while any other runtime cache is deleted.
   */
  sharedCaches?: readonly string[];
  /**
   * The feature's per-user stores on the device (files waiting to upload, files kept for offline):
   * wiped with the user's data at logout, and what they hold unsent counted in its warning.
   */
  userData?: readonly UserDataStore[];
  /** What the feature sends from a store of its own (files to upload): listed with the outbox. */
  sideQueues?: readonly SideQueue[];
  /** Takes up, when the app starts, what the feature left unsent on this device (files to upload). */
  resume?: (queryClient: QueryClient) => void;
}

/** The registrations composed: what the persister and the logout wipe ask. */
export interface OfflinePolicy {
  /** True for a key some feature persists. */
  isPersistableKey(key: readonly unknown[]): boolean;
  /** True for a list key with a filter other than the sort (a subset of the unfiltered list). */
  isFilteredList(key: readonly unknown[]): boolean;
  /** Every runtime cache a feature declared shared. */
  sharedCaches: ReadonlySet<string>;
}

const SORT_KEYS = new Set(['sortBy', 'sortOrder']);

export function composeOfflinePolicy(registrations: readonly OfflineRegistration[]): OfflinePolicy {
  const byRoot = new Map<string, OfflineRegistration>();
  for (const registration of registrations) {
    if (byRoot.has(registration.root))
      throw new Error(`Two offline registrations for '${registration.root}'`);
    byRoot.set(registration.root, registration);
  }
  const of = (key: readonly unknown[]) =>
    typeof key[0] === 'string' && typeof key[1] === 'string' ? byRoot.get(key[0]) : undefined;
  return {
    isPersistableKey: (key) => Boolean(of(key)?.persist.includes(key[1] as string)),
    isFilteredList: (key) => {
      if (!of(key)?.filteredLists?.includes(key[1] as string)) return false;
      const filter = (key[2] ?? {}) as Record<string, unknown>;
      return Object.keys(filter).some((name) => !SORT_KEYS.has(name));
    },
    sharedCaches: new Set(registrations.flatMap((r) => r.sharedCaches ?? [])),
  };
}
