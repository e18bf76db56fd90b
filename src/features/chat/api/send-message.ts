import type { MessageCreate } from '@contract/chat';
import { defineOutboxAction } from '@/lib/outbox';
import { conversationPath } from './query-keys';

/** The outbox entries of this action carry this kind (the conversation shows them as pending). */
export const CHAT_MESSAGE_KIND = 'chat-message';

export const messagesUrl = (conversationId: string) => `${conversationPath(conversationId)}/messages`;

/** What is queued: the contract's body, with the conversation it goes to (not sent: the url names it). */
export type ChatMessageBody = MessageCreate & { clientId: string; body: string; mentionIds: string[] };

/**
 * A message goes through the outbox (issue 16): shown at once, kept on the device while there is no
 * connection, sent when there is. The client id makes a resend answer the stored message (exactly
 * once); the conversation's url is the order key, so one device's messages to a conversation arrive
 * in the order they were typed even when one of them waits out a backoff. Quiet: the message's own
 * clock says it is on its way, a toast per message would be noise.
 */
export const sendMessageAction = defineOutboxAction<ChatMessageBody>({
  kind: CHAT_MESSAGE_KIND,
  method: 'POST',
  url: '/chat/conversations',
  label: 'Chat message',
  quiet: true,
});

/** Queues a message for a conversation; the outbox sends it (in order, after older ones). */
export const queueMessage = (conversationId: string, body: ChatMessageBody, idempotencyKey: string) =>
  sendMessageAction.enqueue(body, {
    idempotencyKey,
    url: messagesUrl(conversationId),
    orderKey: conversationId,
  });
