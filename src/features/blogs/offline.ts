import { BLOGS_API_CACHE } from '@contract/offline-caches';
import { PAGES_KIND } from '@/lib/listing/paged-query';
import type { OfflineRegistration } from '@/lib/offline-registration';

/**
 * What the blogs keep for reading offline: the public listing's pages seen, the management list and
 * each post opened, in IndexedDB; and the worker's cache of GET /api/blogs* answers, which are
 * public, so logout keeps it. Keys: blogsQueryKeys (api/get-blogs.ts).
 */
export const blogsOffline: OfflineRegistration = {
  root: 'blogs',
  persist: ['list', PAGES_KIND, 'detail'],
  filteredLists: ['list', PAGES_KIND],
  sharedCaches: [BLOGS_API_CACHE],
};
