import { useUnread } from './api/get-unread';
import { useChatRealtime } from './realtime/use-chat-realtime';

/**
 * The menu's Team Chat count: unread messages, kept current by the socket (which this keeps open
 * on every portal page) and asked again every minute while online.
 */
export function useChatUnreadCount(): number {
  useChatRealtime();
  return useUnread().data?.messages ?? 0;
}
