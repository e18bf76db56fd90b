import type { Conversation } from '@contract/chat';
import { useEffect } from 'react';
import { useMarkRead } from './api/mark-read';
import type { ChatRealtime } from './realtime/chat-realtime';
import { useDocumentVisible } from './use-document-visible';

/** Read once the reader has stayed on the newest message a moment: a burst of arrivals makes one request. */
const READ_DEBOUNCE_MS = 800;

/**
 * While a conversation is on screen and the tab visible, what it shows is read: opening it, and
 * each message arriving then, moves the read mark to the last seq (debounced). Its new messages
 * then do not count as unread in the list.
 */
export function useMarkReadWhileOpen(conversation: Conversation, lastSeq: number, realtime: ChatRealtime) {
  const visible = useDocumentVisible();
  const { mutate } = useMarkRead();
  const { id, joined, lastReadSeq } = conversation;

  useEffect(() => {
    realtime.setReading(id, visible);
    return () => realtime.setReading(id, false);
  }, [realtime, id, visible]);

  useEffect(() => {
    if (!joined || !visible || lastSeq <= lastReadSeq) return;
    const timer = setTimeout(() => mutate({ conversationId: id, seq: lastSeq }), READ_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [id, joined, visible, lastSeq, lastReadSeq, mutate]);
}
