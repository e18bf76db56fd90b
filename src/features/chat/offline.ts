import type { OfflineRegistration } from '@/lib/offline-registration';
import { composerDrafts } from './composer-drafts';
import { pushSubscriptionData } from './push/push-subscription';

/**
 * What Team Chat keeps for reading offline, per user (wiped at logout or a 401): the conversation
 * list, the people (for mentions and new messages), the unread counts (the menu's badge), and the
 * histories of the conversations opened last; a history's key holds its conversation as a filter,
 * so the persister keeps the newest few (MAX_PERSISTED_FILTERED_LISTS), each trimmed to its latest
 * messages when the conversation is left. Messages typed offline wait in the outbox; drafts are the
 * user's data on the device. Keys: chatQueryKeys (api/query-keys.ts).
 */
export const chatOffline: OfflineRegistration = {
  root: 'chat',
  persist: ['conversations', 'people', 'unread', 'messages'],
  filteredLists: ['messages'],
  userData: [composerDrafts, pushSubscriptionData],
};
