import type { Message } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyMessage } from '../chat-cache';
import { messagePath } from './query-keys';

/** DELETE /api/chat/messages/{id}: the message as deleted (its text gone). */
export const deleteMessage = (messageId: string) =>
  api<Message>(messagePath(messageId), { method: 'DELETE' });

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    networkMode: 'always',
    onSuccess: (message) => applyMessage(queryClient, message),
  });
}
