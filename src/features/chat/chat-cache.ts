import type { Conversation, Message } from '@contract/chat';
import type { QueryClient } from '@tanstack/react-query';
import { chatQueryKeys } from './api/query-keys';
import { applyChanges, withRev, type ChatHistory } from './chat-history';

/*
 * Changes to the chat data held in the query cache, from the API's answers and the socket. The
 * rules of merging are chat-history.ts's; this file only finds the cached copies they apply to.
 */

const PREVIEW_LENGTH = 140;

/** A message as it now is, in its conversation's history and in its thread if those are held. */
export function applyMessage(
  queryClient: QueryClient,
  message: Message,
  opts: { fromSocket?: boolean } = {},
) {
  if (message.parentId === null) {
    queryClient.setQueryData<ChatHistory>(chatQueryKeys.history(message.conversationId), (old) => {
      if (!old) return old;
      const next = applyChanges(old, [message]);
      // The socket's change right after the cursor moves it: nothing before it can be missing.
      return opts.fromSocket && message.rev === old.rev + 1 ? withRev(next, message.rev) : next;
    });
  } else {
    const parentId = message.parentId;
    queryClient.setQueryData<ChatHistory>(chatQueryKeys.thread(message.conversationId, parentId), (old) =>
      old ? applyChanges(old, [message], (m) => m.parentId === parentId) : old,
    );
  }
}

/** The server's copy of a conversation in the list (after read, join, create). */
export function replaceConversation(queryClient: QueryClient, conversation: Conversation) {
  queryClient.setQueryData<Conversation[]>(chatQueryKeys.conversations(), (old) =>
    old?.map((c) => (c.id === conversation.id ? conversation : c)),
  );
}

/**
 * A message new to the list: its preview and time, and one more unread when someone else wrote it
 * (the list is asked again soon after, and the server's counts replace these).
 */
export function noteNewMessage(
  queryClient: QueryClient,
  message: Message,
  viewerId: string | null,
  { reading }: { reading: boolean },
) {
  queryClient.setQueryData<Conversation[]>(chatQueryKeys.conversations(), (old) =>
    old?.map((c) => {
      if (c.id !== message.conversationId || message.seq <= c.lastSeq) return c;
      const fromOther = message.authorId !== viewerId;
      const counts = fromOther && !reading && message.parentId === null;
      return {
        ...c,
        lastSeq: message.seq,
        rev: Math.max(c.rev, message.rev),
        lastMessageAt: message.createdAt,
        lastMessagePreview: {
          authorName: message.authorName,
          body: message.body.slice(0, PREVIEW_LENGTH),
        },
        unread: counts ? c.unread + 1 : c.unread,
        mentioned: c.mentioned || (counts && viewerId !== null && message.mentionIds.includes(viewerId)),
      };
    }),
  );
}

/** Another device read the conversation: nothing unread here either. */
export function noteRead(queryClient: QueryClient, conversationId: string, lastReadSeq: number) {
  queryClient.setQueryData<Conversation[]>(chatQueryKeys.conversations(), (old) =>
    old?.map((c) =>
      c.id === conversationId && lastReadSeq >= c.lastReadSeq
        ? { ...c, lastReadSeq, unread: lastReadSeq >= c.lastSeq ? 0 : c.unread, mentioned: false }
        : c,
    ),
  );
}

/** The conversation ids whose history is held (in memory or restored from IndexedDB). */
export function heldHistories(queryClient: QueryClient): Array<{ conversationId: string; rev: number }> {
  return queryClient
    .getQueriesData<ChatHistory>({ queryKey: chatQueryKeys.histories() })
    .flatMap(([key, data]) => {
      const conversationId = (key[2] as { conversationId?: string } | undefined)?.conversationId;
      return data && conversationId ? [{ conversationId, rev: data.rev }] : [];
    });
}
