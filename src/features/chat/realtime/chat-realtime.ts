import type { ChatSocketEvent, Message } from '@contract/chat';
import type { QueryClient } from '@tanstack/react-query';
import { apiBaseUrl } from '@/lib/api-client';
import { outbox, type OutboxEntry } from '@/lib/outbox';
import { getStoredUser, getToken } from '@/lib/session';
import { conversationsQueryOptions } from '../api/get-conversations';
import { historyQueryOptions } from '../api/get-messages';
import { chatQueryKeys } from '../api/query-keys';
import { CHAT_MESSAGE_KIND } from '../api/send-message';
import { applyMessage, heldHistories, noteNewMessage, noteRead } from '../chat-cache';
import { createChatSocket, type SocketFactory } from './chat-socket';
import { createTypingStore } from './typing-store';

/** Typing frames go at most this often per conversation. */
export const TYPING_EVERY_MS = 3_000;
/** After socket events, the list and the badge are asked for the server's counts once things calm down. */
const LIST_REFRESH_DELAY_MS = 3_000;

/** ws(s)://<the API's host>/api/realtime, from the API base ('/api' or an absolute URL). */
export function realtimeUrl(apiBase: string, location: Pick<Location, 'href'> = window.location): string {
  const url = new URL(`${apiBase.replace(/\/+$/, '')}/realtime`, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export interface ChatRealtimeOptions {
  queryClient: QueryClient;
  createSocket?: SocketFactory;
  isOnline?: () => boolean;
  random?: () => number;
}

/**
 * Binds the socket to the query cache: each event updates the cached copies, and after every
 * (re)connect, and when the browser is back online, whatever was missed is caught up through the
 * API. Used while the chat screen or the menu's badge is mounted (acquire/release).
 */
export function createChatRealtime(options: ChatRealtimeOptions) {
  const { queryClient } = options;
  const typing = createTypingStore();
  /** Conversations on screen (and the tab visible): a new message there is read, not unread. */
  const reading = new Set<string>();
  const lastTypingSent = new Map<string, number>();
  let users = 0;
  let listTimer: ReturnType<typeof setTimeout> | undefined;
  let catchingUp: Promise<void> | null = null;
  let catchUpAgain = false;
  const viewerId = () => getStoredUser()?.id ?? null;

  const socket = createChatSocket({
    url: () => realtimeUrl(apiBaseUrl),
    token: getToken,
    onEvent: handle,
    onReady: () => void catchUp(),
    // The token was refused: an API call meets the same 401 and the app's rule signs out.
    onUnauthorized: () => void queryClient.invalidateQueries({ queryKey: chatQueryKeys.unread() }),
    createSocket: options.createSocket,
    isOnline: options.isOnline,
    random: options.random,
  });

  function refreshListSoon() {
    clearTimeout(listTimer);
    listTimer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: chatQueryKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: chatQueryKeys.unread() });
    }, LIST_REFRESH_DELAY_MS);
  }

  function receive(message: Message, fromSocket: boolean) {
    const historyKey = chatQueryKeys.history(message.conversationId);
    const history = queryClient.getQueryState(historyKey);
    // The first page is on its way and may have been read before this message: ask again.
    if (history && history.data === undefined && history.fetchStatus === 'fetching')
      void queryClient.invalidateQueries({ queryKey: historyKey, exact: true });
    applyMessage(queryClient, message, { fromSocket });
    noteNewMessage(queryClient, message, viewerId(), { reading: reading.has(message.conversationId) });
    if (message.authorId) typing.stopped(message.conversationId, message.authorId);
  }

  function handle(event: ChatSocketEvent) {
    switch (event.type) {
      case 'message':
        receive(event.message, true);
        refreshListSoon();
        return;
      case 'conversation':
        void queryClient.invalidateQueries({ queryKey: chatQueryKeys.conversations() });
        void queryClient.invalidateQueries({ queryKey: chatQueryKeys.browse() });
        refreshListSoon();
        return;
      case 'read':
        noteRead(queryClient, event.conversationId, event.lastReadSeq);
        refreshListSoon();
        return;
      case 'typing':
        if (event.userId !== viewerId()) typing.typing(event.conversationId, event.userId, event.name);
        return;
      default:
        return;
    }
  }

  /**
   * What was missed while the socket was away: the list first (its revs say which held histories
   * changed), then each changed history from its rev (until the server has no more), then the badge.
   * One at a time: a reconnect during a catch-up runs it again after.
   */
  function catchUp(): Promise<void> {
    if (catchingUp) {
      catchUpAgain = true;
      return catchingUp;
    }
    catchingUp = (async () => {
      const list = await queryClient
        .fetchQuery({ ...conversationsQueryOptions(), staleTime: 0 })
        .catch(() => undefined);
      const revs = new Map(list?.map((c) => [c.id, c.rev]));
      for (const held of heldHistories(queryClient)) {
        const rev = revs.get(held.conversationId);
        // Unchanged since held; or gone from the caller's list (left, removed): nothing to ask.
        if (list && (rev === undefined || rev <= held.rev)) continue;
        await queryClient
          .fetchQuery({ ...historyQueryOptions(held.conversationId), staleTime: 0 })
          .catch(() => undefined);
      }
      await queryClient.invalidateQueries({ queryKey: chatQueryKeys.threads() });
      await queryClient.invalidateQueries({ queryKey: chatQueryKeys.unread() });
    })().finally(() => {
      catchingUp = null;
      if (catchUpAgain) {
        catchUpAgain = false;
        void catchUp();
      }
    });
    return catchingUp;
  }

  const onOnline = () => {
    socket.reconnectNow();
    void catchUp();
  };

  // The outbox's answer to a message it sent in the background: the server's copy replaces the
  // waiting one at once (matched by client id), before the socket or a catch-up brings it.
  const onOutboxEvent = (event: { type: string; entry: OutboxEntry; response?: unknown }) => {
    if (event.type !== 'sent' || event.entry.kind !== CHAT_MESSAGE_KIND) return;
    const message = event.response as Message | null;
    if (message && typeof message === 'object' && 'conversationId' in message) receive(message, false);
  };
  let stopOutbox: (() => void) | undefined;

  return {
    typing,
    catchUp,
    /** Takes the server's copy of a message this screen sent itself (a retry's answer). */
    receive: (message: Message) => receive(message, false),
    acquire(): () => void {
      users += 1;
      if (users === 1) {
        window.addEventListener('online', onOnline);
        stopOutbox = outbox.onEvent(onOutboxEvent);
        socket.start();
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        users -= 1;
        if (users > 0) return;
        window.removeEventListener('online', onOnline);
        stopOutbox?.();
        clearTimeout(listTimer);
        socket.stop();
      };
    },
    /** While a conversation is on screen, its new messages count as read. */
    setReading(conversationId: string, on: boolean) {
      if (on) reading.add(conversationId);
      else reading.delete(conversationId);
    },
    /** Says the viewer is typing, at most every TYPING_EVERY_MS. */
    sendTyping(conversationId: string, now = Date.now()) {
      if (now - (lastTypingSent.get(conversationId) ?? -Infinity) < TYPING_EVERY_MS) return;
      if (socket.send({ type: 'typing', conversationId })) lastTypingSent.set(conversationId, now);
    },
  };
}

export type ChatRealtime = ReturnType<typeof createChatRealtime>;
