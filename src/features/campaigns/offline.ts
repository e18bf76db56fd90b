import { PAGES_KIND } from '@/lib/listing/paged-query';
import type { OfflineRegistration } from '@/lib/offline-registration';

/**
 * What Send Notification keeps for reading offline: the pages of campaigns seen (the whole list and
 * the newest few status filters) and every report opened, so an admin checks how a send went on a
 * bus. Not the recipients' pages (long, and changing while a campaign sends), the audience counts or
 * the organisations' list. Every write needs the network. Per user: wiped at logout or a 401. Keys:
 * campaignsQueryKeys (api/query-keys.ts).
 */
export const campaignsOffline: OfflineRegistration = {
  root: 'campaigns',
  persist: [PAGES_KIND, 'detail'],
  filteredLists: [PAGES_KIND],
};
