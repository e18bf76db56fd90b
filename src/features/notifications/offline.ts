import type { OfflineRegistration } from '@/lib/offline-registration';

/**
 * The bell's list opens offline with what was last read (a notification is mostly read on the move).
 * Per user: wiped at logout or a 401. Marking read needs a connection. Keys: notificationsQueryKeys
 * (api/query-keys.ts).
 */
export const notificationsOffline: OfflineRegistration = { root: 'notifications', persist: ['list'] };
