import { useMemo } from 'react';
import { useOutbox, type OutboxEntry } from '@/lib/outbox';
import { CHAT_MESSAGE_KIND, messagesUrl, type ChatMessageBody } from './api/send-message';
import type { PendingMessage } from './message-timeline';

function pendingOf(
  entry: OutboxEntry,
  conversationId: string,
  state: PendingMessage['state'],
): PendingMessage {
  const body = entry.body as ChatMessageBody;
  return {
    entryId: entry.id,
    clientId: body.clientId,
    conversationId,
    parentId: body.parentId ?? null,
    body: body.body,
    mentionIds: body.mentionIds,
    attachmentCount: body.attachmentIds?.length ?? 0,
    createdAt: entry.createdAt,
    state,
    error: entry.lastError?.message,
  };
}

/**
 * This device's messages to a conversation (or one thread of it) that the server does not hold yet:
 * waiting in the outbox ('sending'), or refused there ('failed', kept until retried or deleted).
 * From the outbox's own store, so they are there again after a reload.
 */
export function usePendingMessages(conversationId: string, parentId: string | null): PendingMessage[] {
  const { waiting, attention } = useOutbox();
  return useMemo(() => {
    const url = messagesUrl(conversationId);
    const ours = (e: OutboxEntry) => e.kind === CHAT_MESSAGE_KIND && e.url === url;
    return [
      ...waiting.filter(ours).map((e) => pendingOf(e, conversationId, 'sending')),
      ...attention.filter(ours).map((e) => pendingOf(e, conversationId, 'failed')),
    ].filter((p) => p.parentId === parentId);
  }, [waiting, attention, conversationId, parentId]);
}
