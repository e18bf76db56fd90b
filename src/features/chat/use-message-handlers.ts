import type { ChatReaction, Message } from '@contract/chat';
import { can } from '@contract/permissions';
import { createElement, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { getStoredRole } from '@/lib/session';
import { useMessageToTicket } from './api/message-to-ticket';
import { useSetReaction } from './api/set-reaction';
import type { MessageHandlers } from './components/message-item';
import { TicketCreatedLink } from './components/ticket-created-link';
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
  const toTicket = useMessageToTicket();

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
    // 'Create ticket': the message becomes a ticket to the NGO's admins in one action (issue 16).
    onCreateTicket: can(getStoredRole(), 'tickets:create')
      ? (message) =>
          toTicket.mutate(message, {
            onSuccess: (ticket) =>
              notify.success(`Ticket #${ticket.number} created from the message.`, {
                description: createElement(TicketCreatedLink, { ticketId: ticket.id, number: ticket.number }),
              }),
            onError: (error) => notify.error(errorMessage(error, 'The ticket could not be created.')),
          })
      : undefined,
    onDiscard: (pending) => {
      void discardChatMessage(pending).then(() => notify.success('Unsent message deleted.'));
    },
  };
  return { handlers, editing, setEditing, deleting, setDeleting };
}
