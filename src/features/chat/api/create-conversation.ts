import type { Conversation, ConversationCreate } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatQueryKeys } from './query-keys';

/** POST /api/chat/conversations: a channel (201), or a direct conversation (200 when it exists). */
export const createConversation = (body: ConversationCreate) =>
  api<Conversation>('/chat/conversations', { method: 'POST', body });

/** Online only: a channel's name is checked by the server (taken names are a 409). */
export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConversation,
    networkMode: 'always',
    onSuccess: (created) =>
      queryClient.setQueryData<Conversation[]>(chatQueryKeys.conversations(), (old) =>
        old ? [created, ...old.filter((c) => c.id !== created.id)] : old,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.conversations() }),
  });
}
