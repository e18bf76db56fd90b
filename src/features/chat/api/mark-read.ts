import type { Conversation } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { replaceConversation } from '../chat-cache';
import { chatQueryKeys, conversationPath } from './query-keys';

/** POST /api/chat/conversations/{id}/read: read up to `seq` (the server never moves it back). */
export const markRead = ({ conversationId, seq }: { conversationId: string; seq: number }) =>
  api<Conversation>(`${conversationPath(conversationId)}/read`, { method: 'POST', body: { seq } });

/** Marks read; the list's count and the menu's badge follow. A failure is silent: the next open retries. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (conversation) => {
      replaceConversation(queryClient, conversation);
      void queryClient.invalidateQueries({ queryKey: chatQueryKeys.unread() });
    },
  });
}
