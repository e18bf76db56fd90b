import { PAGES_KIND } from '@/lib/listing/paged-query';
import type { OfflineRegistration } from '@/lib/offline-registration';

/**
 * What the staff screen keeps for reading offline: the pages of members seen (the unfiltered list,
 * and the newest few searches and filters), the invitations and the plan's seats. Per user: wiped
 * at logout or a 401. Not the invite page's lookup (its token is a credential). Keys:
 * membersQueryKeys (api/query-keys.ts).
 */
export const membersOffline: OfflineRegistration = {
  root: 'members',
  persist: [PAGES_KIND, 'invites', 'seats'],
  filteredLists: [PAGES_KIND],
};
