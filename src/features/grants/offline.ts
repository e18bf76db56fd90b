import { GRANTS_API_CACHE } from '@contract/offline-caches';
import { PAGES_KIND } from '@/lib/listing/paged-query';
import type { OfflineRegistration } from '@/lib/offline-registration';

/**
 * What the grants keep for reading offline: the listing's pages seen (and any whole-array list) and
 * each grant opened, in IndexedDB; and the worker's cache of GET /api/grants* answers, which are
 * public, so logout keeps it. Keys: grantsQueryKeys (api/get-grants.ts).
 */
export const grantsOffline: OfflineRegistration = {
  root: 'grants',
  persist: ['list', PAGES_KIND, 'detail'],
  filteredLists: ['list', PAGES_KIND],
  sharedCaches: [GRANTS_API_CACHE],
};
