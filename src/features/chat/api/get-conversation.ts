import type { Conversation } from '@contract/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { conversationPath } from './query-keys';

/**
 * GET /api/chat/conversations/{id}: one conversation not in the caller's list (a public channel
 * opened from Browse before joining it). Not kept offline.
 */
export const conversationQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: ['chat', 'conversation', conversationId] as const,
    queryFn: ({ signal }) => api<Conversation>(conversationPath(conversationId), { signal }),
  });

export const useConversation = (conversationId: string, enabled: boolean) =>
  useQuery({ ...conversationQueryOptions(conversationId), enabled });
