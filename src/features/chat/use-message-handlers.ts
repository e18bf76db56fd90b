import type { ChatReaction, Message } from '@contract/chat';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSetReaction } from './api/set-reaction';
import type { MessageHandlers } from './components/message-item';
import type { ChatRealtime } from './realtime/chat-realtime';
import { discardChatMessage, retryChatMessage } from './send-chat-message';

/**
 * What a message's actions do, shared by the conversation and its thread: reactions and the
 * 'Not sent' Retry/Delete act at once; Edit and Delete open their dialogs (the returned state).
 */
export function useMessageHandlers(realtime: ChatRealtime, onReply?: (message: Message) => void) {
  const [editing, setEditing] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const react = useSetReaction();

  const handlers: MessageHandlers = {
    onReply,
    onEdit: setEditing,
    onDelete: setDeleting,
    onReact: (message, emoji, on) =>
      react.mutate(
        { messageId: message.id, reaction: { emoji: emoji as ChatReaction, on } },
        { onError: (error) => notify.error(errorMessage(error, 'The reaction could not be saved.')) },
      ),
    onCopy: (text) => {
      void navigator.clipboard
        ?.writeText(text)
        .then(() => notify.success('Copied.'))
        .catch(() => notify.error('Copying is not allowed here.'));
    },
    onRetry: (pending) => {
      void retryChatMessage(pending, realtime.receive).then(
        (result) => {
          if (result.status === 'rejected') notify.error(`Not sent: ${result.error.message}`);
          else if (result.status === 'queued')
            notify.message('Kept on this device; it goes when the connection is back.');
        },
        () => notify.error('The message could not be sent.'),
      );
    },
    onDiscard: (pending) => {
      void discardChatMessage(pending).then(() => notify.success('Unsent message deleted.'));
    },
  };
  return { handlers, editing, setEditing, deleting, setDeleting };
}
