import { PAGES_KIND } from '@/lib/listing/paged-query';
import type { OfflineRegistration } from '@/lib/offline-registration';

/**
 * What the tickets screens keep for reading offline: the pages of tickets seen (the unfiltered list,
 * and the newest few searches and filters) and every ticket opened, with its conversation, so a field
 * user reads the answer they got without a connection. Per user: wiped at logout or a 401. Tickets and
 * replies written offline wait in the outbox. Not the agents' list or the queue's statistics (working
 * a ticket needs a connection). Keys: ticketsQueryKeys (api/query-keys.ts).
 */
export const ticketsOffline: OfflineRegistration = {
  root: 'tickets',
  persist: [PAGES_KIND, 'detail'],
  filteredLists: [PAGES_KIND],
};
