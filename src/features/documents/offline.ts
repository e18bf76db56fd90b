import { PAGES_KIND } from '@/lib/listing/paged-query';
import type { OfflineRegistration } from '@/lib/offline-registration';

/**
 * What the certificates screen keeps for reading offline: the pages of documents seen (the
 * unfiltered list, and the newest few searches and filters), so a volunteer finds their certificate's
 * code without a connection. Per user: wiped at logout or a 401. Not the admin's settings, volunteers
 * or logo choices (issuing needs a connection), nor a public verification. Keys: api/query-keys.ts.
 */
export const documentsOffline: OfflineRegistration = {
  root: 'documents',
  persist: [PAGES_KIND],
  filteredLists: [PAGES_KIND],
};
