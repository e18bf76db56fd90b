import type { Conversation } from '@contract/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatQueryKeys } from './query-keys';

/** GET /api/chat/conversations: the caller's conversations. Trusted, not parsed (ADR 0006). */
export const getConversations = (signal?: AbortSignal) =>
  api<Conversation[]>('/chat/conversations', { signal });

export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: chatQueryKeys.conversations(),
    queryFn: ({ signal }) => getConversations(signal),
    // The socket keeps it current; asked again on open and after each reconnect.
    staleTime: 30_000,
  });

export const useConversations = () => useQuery(conversationsQueryOptions());

/** GET /api/chat/conversations?browse=true: the caller's conversations and the public channels to join. */
export const browseConversationsQueryOptions = () =>
  queryOptions({
    queryKey: chatQueryKeys.browse(),
    queryFn: ({ signal }) =>
      api<Conversation[]>('/chat/conversations', { query: { browse: 'true' }, signal }),
    staleTime: 0,
  });

export const useBrowseConversations = (enabled: boolean) =>
  useQuery({ ...browseConversationsQueryOptions(), enabled });
