import type { Message, ReactionSet } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyMessage } from '../chat-cache';
import { messagePath } from './query-keys';

/** PUT /api/chat/messages/{id}/reactions: the caller's reaction on or off (idempotent). */
export const setReaction = ({ messageId, reaction }: { messageId: string; reaction: ReactionSet }) =>
  api<Message>(`${messagePath(messageId)}/reactions`, { method: 'PUT', body: reaction });

export function useSetReaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReaction,
    networkMode: 'always',
    onSuccess: (message) => applyMessage(queryClient, message),
  });
}
