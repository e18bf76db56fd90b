import type { ChatClientFrame, ChatSocketEvent } from '@contract/chat';

/*
 * The chat's socket (/api/realtime): authenticates with its first frame, keeps itself alive with a
 * ping every 25 s, and comes back after any close with a growing, jittered wait (1 s to 30 s), so a
 * hundred phones dropped by one mast do not all return in the same second. A close with 4401 (bad or
 * expired token) ends it: reconnecting would only be refused again. The socket only says that
 * something changed; the caller catches up through the API after every (re)connect (onReady).
 * No zod here: the shell's menu badge loads this module on every portal page (ADR 0006); the
 * server's frames are trusted like its JSON answers.
 */

export const SOCKET_UNAUTHORIZED = 4401;
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
export const PING_EVERY_MS = 25_000;

/** The part of WebSocket used here, so tests inject a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export interface ChatSocketOptions {
  url: () => string;
  token: () => string | null;
  onEvent: (event: ChatSocketEvent) => void;
  /** After each successful authentication: the moment to catch up on what was missed. */
  onReady?: () => void;
  /** The server refused the token (4401); the socket has stopped. */
  onUnauthorized?: () => void;
  createSocket?: SocketFactory;
  isOnline?: () => boolean;
  random?: () => number;
}

/**
 * The wait before reconnect number `attempt` (0-based): a random point in the upper half of a
 * ceiling that doubles from 2 s to 30 s, so the first wait is 1–2 s and none is over 30 s.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, 2 * RECONNECT_MIN_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

const EVENT_TYPES = new Set(['ready', 'message', 'conversation', 'read', 'typing', 'presence', 'pong']);

function parseEvent(data: unknown): ChatSocketEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as { type?: unknown } | null;
    return value && typeof value.type === 'string' && EVENT_TYPES.has(value.type)
      ? (value as ChatSocketEvent)
      : null;
  } catch {
    return null;
  }
}

const OPEN = 1;

export function createChatSocket(options: ChatSocketOptions) {
  const createSocket: SocketFactory = options.createSocket ?? ((url) => new WebSocket(url));
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine);
  const random = options.random ?? Math.random;

  let running = false;
  let socket: SocketLike | null = null;
  let ready = false;
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let awaitingPong = false;

  function connect() {
    clearTimeout(retryTimer);
    // Offline, or signed out: nothing to do until 'online' (reconnectNow) or the next start.
    if (!running || socket || !isOnline()) return;
    const token = options.token();
    if (!token) return;
    const current = createSocket(options.url());
    socket = current;
    ready = false;
    current.onopen = () => send({ type: 'auth', token });
    current.onmessage = (message) => {
      awaitingPong = false;
      const event = parseEvent(message.data);
      if (!event) return;
      if (event.type === 'ready') {
        ready = true;
        attempts = 0;
        startPinging();
        options.onReady?.();
        return;
      }
      if (event.type !== 'pong') options.onEvent(event);
    };
    current.onerror = () => undefined;
    current.onclose = (event) => {
      if (socket === current) closed(event.code);
    };
  }

  function startPinging() {
    clearInterval(pingTimer);
    awaitingPong = false;
    pingTimer = setInterval(() => {
      // Nothing at all since the last ping: a connection a weak signal left half-open. Drop it and
      // reconnect rather than wait minutes for the browser to notice.
      if (awaitingPong) {
        drop();
        return;
      }
      awaitingPong = true;
      send({ type: 'ping' });
    }, PING_EVERY_MS);
  }

  function drop() {
    const current = socket;
    if (!current) return;
    current.onclose = null;
    current.close(4000, 'No answer to ping');
    closed(1006);
  }

  function closed(code: number) {
    clearInterval(pingTimer);
    socket = null;
    ready = false;
    if (!running) return;
    if (code === SOCKET_UNAUTHORIZED) {
      running = false;
      options.onUnauthorized?.();
      return;
    }
    retryTimer = setTimeout(connect, reconnectDelay(attempts++, random));
  }

  function send(frame: ChatClientFrame): boolean {
    if (!socket || socket.readyState !== OPEN) return false;
    if (frame.type !== 'auth' && !ready) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempts = 0;
      connect();
    },
    stop() {
      running = false;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      const current = socket;
      socket = null;
      ready = false;
      if (current) {
        current.onclose = null;
        current.close(1000, 'Done');
      }
    },
    /** Back online (or signed in again): connect now instead of waiting out the backoff. */
    reconnectNow() {
      if (!running) return;
      attempts = 0;
      connect();
    },
    send,
    isReady: () => ready,
  };
}

export type ChatSocket = ReturnType<typeof createChatSocket>;
