import type { Message } from '@contract/chat';
import { isOffline } from '@/lib/connectivity';
import { outbox } from '@/lib/outbox';
import { newIdempotencyKey } from '@/lib/outbox/idempotency-key';
import { queueMessage, type ChatMessageBody } from './api/send-message';
import type { PendingMessage } from './message-timeline';

/**
 * Puts a typed message in the outbox (it shows at once as sending) and, with a connection, sends
 * the queue now rather than at the timer's pace: a person who taps Send is waiting. The client id is
 * made here, when the message is sent, and stays with it through every retry. Attachments are files
 * uploaded already (the composer does it when they are chosen): the entry carries only their ids.
 */
export async function sendChatMessage(
  conversationId: string,
  text: string,
  mentionIds: string[],
  options: { parentId?: string; attachmentIds?: readonly string[] } = {},
) {
  const { parentId, attachmentIds = [] } = options;
  const body: ChatMessageBody = {
    clientId: newIdempotencyKey(),
    body: text,
    mentionIds,
    ...(parentId ? { parentId } : {}),
    ...(attachmentIds.length ? { attachmentIds: [...attachmentIds] } : {}),
  };
  await queueMessage(conversationId, body, newIdempotencyKey());
  if (!isOffline()) void outbox.flush({ force: true }).catch(() => undefined);
}

/**
 * 'Retry' on a message the server refused: sent again now, in its place in the order. The answer is
 * the server's message, handed to `onSent` before the outbox lets the entry go, so the message
 * never leaves the list in between; or a refusal again (kept as 'Not sent').
 */
export function retryChatMessage(pending: PendingMessage, onSent: (message: Message) => void) {
  return outbox.retry(pending.entryId, undefined, (response) => onSent(response as Message));
}

/** 'Delete' on a message not sent: it leaves the device, and the ones after it go on. */
export async function discardChatMessage(pending: PendingMessage) {
  await outbox.remove(pending.entryId);
  if (!isOffline()) void outbox.flush({ force: true }).catch(() => undefined);
}
