import type { UnreadSummary } from '@contract/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatQueryKeys } from './query-keys';

/** How often the menu's count is asked while online, besides every socket event. */
export const UNREAD_REFRESH_MS = 60_000;

/** GET /api/chat/unread: the counts behind the menu's badge. */
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: chatQueryKeys.unread(),
    queryFn: ({ signal }) => api<UnreadSummary>('/chat/unread', { signal }),
    staleTime: 10_000,
    refetchInterval: UNREAD_REFRESH_MS,
    // Not in a background tab: it would keep a phone's radio awake for a number nobody sees.
    refetchIntervalInBackground: false,
  });

export const useUnread = () => useQuery(unreadQueryOptions());
