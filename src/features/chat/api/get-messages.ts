import type { MessageListQuery, MessagePage } from '@contract/chat';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  applyChanges,
  historyOfPage,
  isRoot,
  mergeMessages,
  withOlderPage,
  withRev,
  type ChatHistory,
} from '../chat-history';
import { conversationPath, chatQueryKeys } from './query-keys';

/** Changes read per catch-up request (the contract's most). */
const CATCH_UP_LIMIT = 100;

/** GET /api/chat/conversations/{id}/messages: history (beforeSeq), a thread (parentId) or changes (afterRev). */
export const getMessagePage = (conversationId: string, query: MessageListQuery, signal?: AbortSignal) =>
  api<MessagePage>(`${conversationPath(conversationId)}/messages`, { query, signal });

/**
 * Every change after `history.rev` applied, asking again until the server says there is no more.
 * `belongs` picks the history's messages (the conversation's own, or one thread's replies).
 */
export async function catchUp(
  conversationId: string,
  history: ChatHistory,
  belongs: Parameters<typeof applyChanges>[2],
  signal?: AbortSignal,
): Promise<ChatHistory> {
  let next = history;
  for (;;) {
    const page = await getMessagePage(conversationId, { afterRev: next.rev, limit: CATCH_UP_LIMIT }, signal);
    next = applyChanges(next, page.items, belongs);
    const lastRev = page.items.at(-1)?.rev;
    // An empty page that says "more" would loop for ever: take its rev and stop.
    if (!page.hasMore || lastRev === undefined) return withRev(next, Math.max(page.rev, lastRev ?? 0));
    next = withRev(next, lastRev);
  }
}

/**
 * Reads a history: its latest page the first time, then (a refetch, a reconnect, a cached copy from
 * IndexedDB) only what changed since, so older pages loaded stay and nothing is read twice. What
 * the socket merged meanwhile is kept: the result is merged into the copy held when it arrives.
 */
async function readHistory(
  client: QueryClient,
  key: readonly unknown[],
  read: (held: ChatHistory | undefined) => Promise<ChatHistory>,
): Promise<ChatHistory> {
  const fresh = await read(client.getQueryData<ChatHistory>(key));
  const now = client.getQueryData<ChatHistory>(key);
  if (!now) return fresh;
  return {
    ...fresh,
    messages: mergeMessages(now.messages, fresh.messages),
    rev: Math.max(now.rev, fresh.rev),
  };
}

export const historyQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: chatQueryKeys.history(conversationId),
    queryFn: ({ client, queryKey, signal }) =>
      readHistory(client, queryKey, async (held) =>
        held
          ? catchUp(conversationId, held, isRoot, signal)
          : historyOfPage(await getMessagePage(conversationId, {}, signal)),
      ),
    staleTime: 30_000,
  });

export const useHistory = (conversationId: string) => useQuery(historyQueryOptions(conversationId));

/** 'Load older': the page before the oldest held, added in front. */
export async function loadOlder(client: QueryClient, conversationId: string) {
  const key = chatQueryKeys.history(conversationId);
  const held = client.getQueryData<ChatHistory>(key);
  const oldest = held?.messages[0]?.seq;
  if (!held || oldest === undefined) return;
  const page = await getMessagePage(conversationId, { beforeSeq: oldest });
  client.setQueryData<ChatHistory>(key, (now) => (now ? withOlderPage(now, page) : now));
}

/** A thread's replies: its latest page, then changes since (as a history). */
export const threadQueryOptions = (conversationId: string, parentId: string) =>
  queryOptions({
    queryKey: chatQueryKeys.thread(conversationId, parentId),
    queryFn: ({ client, queryKey, signal }) => {
      const belongs = (m: { parentId: string | null }) => m.parentId === parentId;
      return readHistory(client, queryKey, async (held) =>
        held
          ? catchUp(conversationId, held, belongs, signal)
          : historyOfPage(await getMessagePage(conversationId, { parentId }, signal), belongs),
      );
    },
    staleTime: 30_000,
  });

export const useThread = (conversationId: string, parentId: string) =>
  useQuery(threadQueryOptions(conversationId, parentId));
