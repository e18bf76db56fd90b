import type { Message, MessageEdit } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyMessage } from '../chat-cache';
import { messagePath } from './query-keys';

/** PATCH /api/chat/messages/{id}: the author's new text (403 not_author, 409 message_deleted). */
export const editMessage = ({ messageId, change }: { messageId: string; change: MessageEdit }) =>
  api<Message>(messagePath(messageId), { method: 'PATCH', body: change });

/** Online only: an edit made offline could land after the message was deleted elsewhere. */
export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editMessage,
    networkMode: 'always',
    onSuccess: (message) => applyMessage(queryClient, message),
  });
}
