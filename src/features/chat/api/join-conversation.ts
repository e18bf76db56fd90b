import type { Conversation } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatQueryKeys, conversationPath } from './query-keys';

/** POST /api/chat/conversations/{id}/members with the caller's own id: joins a public channel. */
export const joinConversation = ({ conversationId, userId }: { conversationId: string; userId: string }) =>
  api<Conversation>(`${conversationPath(conversationId)}/members`, {
    method: 'POST',
    body: { userIds: [userId] },
  });

export function useJoinConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinConversation,
    networkMode: 'always',
    onSuccess: (joined) =>
      queryClient.setQueryData<Conversation[]>(chatQueryKeys.conversations(), (old) =>
        old ? [joined, ...old.filter((c) => c.id !== joined.id)] : old,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chatQueryKeys.conversations() }),
        queryClient.invalidateQueries({ queryKey: chatQueryKeys.browse() }),
      ]),
  });
}
