import { defaultShouldDehydrateQuery, type Query } from '@tanstack/react-query';
import type { OfflinePolicy } from './offline-registration';

/*
 * What of the query cache is kept in IndexedDB for reading offline, and for how long. Pure rules,
 * kept apart from the storage so they are tested without a browser. Which keys is the features'
 * to say (OfflineRegistration, composed by main.tsx).
 */

/** The persisted cache is thrown away after a week without a save (and every query is kept that long). */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The build's version (vite.config.ts `define`): a new build never reads data shaped by an old one.
 * Unit tests run without the define.
 */
export const PERSIST_BUSTER = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

export const PERSIST_STORAGE_KEY = 'ngo-portal:query-cache';
/**
 * The fill page's own entry (src/fill.tsx) keeps the published definitions it opened here: public
 * answers, the same for everyone, so logout leaves them (as the worker's shared cache).
 */
export const FILL_PERSIST_STORAGE_KEY = 'ngo-portal:fill-query-cache';

/**
 * Filtered lists are subsets of the full list, which is kept whatever its sort; of the filtered
 * ones only the most recently loaded few per resource are kept, so a week of searching does not
 * fill the phone. A paged list is one entry, however many of its pages were seen.
 */
export const MAX_PERSISTED_FILTERED_LISTS = 5;

/**
 * The `shouldDehydrateQuery` of the persister: keys the features persist, holding data, and of the
 * filtered lists only the MAX_PERSISTED_FILTERED_LISTS most recent per resource. `all` is the whole
 * cache, so the rule can rank a list against its siblings.
 */
export function createShouldPersistQuery(all: () => readonly Query[], policy: OfflinePolicy) {
  return (query: Query): boolean => {
    if (!defaultShouldDehydrateQuery(query) || !policy.isPersistableKey(query.queryKey)) return false;
    if (!policy.isFilteredList(query.queryKey)) return true;
    const root = query.queryKey[0];
    const newerSiblings = all().filter(
      (other) =>
        other !== query &&
        other.queryKey[0] === root &&
        policy.isFilteredList(other.queryKey) &&
        other.state.status === 'success' &&
        other.state.dataUpdatedAt > query.state.dataUpdatedAt,
    ).length;
    return newerSiblings < MAX_PERSISTED_FILTERED_LISTS;
  };
}
