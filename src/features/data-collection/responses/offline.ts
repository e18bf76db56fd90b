import type { OfflineRegistration } from '@/lib/offline-registration';

/**
 * The responses screen's offline footprint: the pages of responses seen (each form's unfiltered list,
 * and the newest few filtered ones), each response opened with its history, and the summaries seen,
 * per user: wiped at logout or a 401. The form and its published definition are the forms' and the
 * fill page's own (../offline.ts, ../fill/offline.ts). Keys: responsesQueryKeys (api/query-keys.ts).
 */
export const formResponsesOffline: OfflineRegistration = {
  root: 'form-responses',
  persist: ['pages', 'detail', 'history', 'summary'],
  filteredLists: ['pages', 'summary'],
};
