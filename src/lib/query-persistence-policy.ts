import { defaultShouldDehydrateQuery, type Query } from '@tanstack/react-query';

/*
 * What of the query cache is kept in IndexedDB for reading offline, and for how long. Pure rules,
 * kept apart from the storage so they are tested without a browser.
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
 * Filtered lists are subsets of the full list, which is kept whatever its sort; of the filtered
 * ones only the most recently loaded few are kept, so a week of searching does not fill the phone.
 */
export const MAX_PERSISTED_FILTERED_LISTS = 5;

/**
 * Public reading (listings and details, the API reference) and the signed-in user's own key screens: the dashboard,
 * the organisation's causes and its plan with the payment history (all wiped at logout or a 401).
 */
const persistedRoots = new Set(['grants', 'blogs', 'docs', 'dashboard', 'causes', 'billing']);

const isList = (key: readonly unknown[]) => key[1] === 'list';

/** A list key's filters other than the sort: `{}` is the full list. */
function filtersOf(key: readonly unknown[]): Record<string, unknown> {
  const { sortBy: _sortBy, sortOrder: _sortOrder, ...filters } = (key[2] ?? {}) as Record<string, unknown>;
  return filters;
}

export const isFilteredList = (key: readonly unknown[]) =>
  isList(key) && Object.keys(filtersOf(key)).length > 0;

/** True for a key the allow-list names: grants/blogs/causes lists and details, the dashboard summary, the plan and payments. */
export function isPersistableKey(key: readonly unknown[]): boolean {
  const [root, kind] = key;
  if (typeof root !== 'string' || !persistedRoots.has(root)) return false;
  if (root === 'dashboard') return kind === 'summary';
  if (root === 'billing') return kind === 'subscription' || kind === 'history';
  if (root === 'docs') return kind === 'openapi';
  return kind === 'list' || kind === 'detail';
}

/**
 * The `shouldDehydrateQuery` of the persister: allow-listed keys holding data, and of the filtered
 * lists only the MAX_PERSISTED_FILTERED_LISTS most recent per resource. `all` is the whole cache, so
 * the rule can rank a list against its siblings.
 */
export function createShouldPersistQuery(all: () => readonly Query[]) {
  return (query: Query): boolean => {
    if (!defaultShouldDehydrateQuery(query) || !isPersistableKey(query.queryKey)) return false;
    if (!isFilteredList(query.queryKey)) return true;
    const root = query.queryKey[0];
    const newerSiblings = all().filter(
      (other) =>
        other !== query &&
        other.queryKey[0] === root &&
        isFilteredList(other.queryKey) &&
        other.state.status === 'success' &&
        other.state.dataUpdatedAt > query.state.dataUpdatedAt,
    ).length;
    return newerSiblings < MAX_PERSISTED_FILTERED_LISTS;
  };
}
