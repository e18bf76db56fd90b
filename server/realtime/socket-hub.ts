import type { Logger } from 'pino';
import { WebSocket, type RawData } from 'ws';
import { chatClientFrame, SOCKET_UNAUTHORIZED, type ChatSocketEvent } from '../../contract/chat';
import type { DbExecutor } from '../db';
import type { Jwt } from '../services/auth/jwt';
import type { ChatEvent } from '../services/chat-events';
import { loadMessages } from '../routes/chat/message-view';
import { loadAudience, mayRead, type Audience } from './audience';
import { authenticateSocket, sessionsStillValid, type SocketUser } from './socket-auth';

/*
 * The sockets of one server process (ADR 0046). Every change is announced by a NOTIFY on commit
 * (services/chat-events.ts) that each process hears once: the hub reads what changed once per event
 * (the message, and who may read its conversation) and sends it to its own sockets whose user may read
 * it. Nothing here is the source of truth: a socket that misses something (closed, reconnected, a lost
 * LISTEN) catches up through the API with `afterRev`.
 */

/** Close codes the client acts on (1001 and 1012 mean: reconnect, then catch up). */
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_TOO_BIG = 1009;
export const CLOSE_SERVICE_RESTART = 1012;

export interface SocketHubOptions {
  /** How long a new socket has to send its auth frame. */
  authTimeoutMs?: number;
  /** Between two pings; a socket that did not answer the previous one is dropped. */
  heartbeatMs?: number;
  /** Between two re-checks of every connected session (a password reset or a deactivation ends them). */
  sessionCheckMs?: number;
  /** At most one typing event per socket and conversation this often. */
  typingIntervalMs?: number;
}

export interface SocketHubDeps {
  db: DbExecutor;
  jwt: Jwt;
  logger: Logger;
  /** Announces an event to every process (the database's NOTIFY), this one included. */
  publish: (event: ChatEvent) => Promise<void>;
}

interface Client {
  ws: WebSocket;
  /** Set once the auth frame was accepted. */
  user: SocketUser | null;
  /** The socket's frames are handled one after the other, in the order they came. */
  frames: Promise<void>;
  /** Answered the last ping (or said anything since). */
  alive: boolean;
  authTimer: NodeJS.Timeout | undefined;
  /** The last typing event sent, per conversation. */
  typingAt: Map<string, number>;
}

/** What one event becomes: the frame, and which of the NGO's sockets it goes to. */
interface Delivery {
  ngoId: string;
  frame: string;
  reaches: (user: SocketUser) => boolean;
}

/** A socket whose unsent frames pile up beyond this (a stalled 2G phone) is dropped; it catches up later. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Conversations a socket's typing limiter remembers before it starts over. */
const TYPING_MEMORY = 64;

export class SocketHub {
  readonly #deps: SocketHubDeps;
  readonly #authTimeoutMs: number;
  readonly #typingIntervalMs: number;
  readonly #clients = new Set<Client>();
  /** Authenticated sockets by NGO and by user. */
  readonly #byNgo = new Map<string, Set<Client>>();
  readonly #byUser = new Map<string, Set<Client>>();
  /** Events are prepared concurrently but delivered in the order they were notified. */
  #delivered: Promise<void> = Promise.resolve();
  readonly #heartbeat: NodeJS.Timeout;
  readonly #sessionCheck: NodeJS.Timeout;
  #checkingSessions = false;
  #closing = false;

  constructor(deps: SocketHubDeps, options: SocketHubOptions = {}) {
    this.#deps = deps;
    this.#authTimeoutMs = options.authTimeoutMs ?? 10_000;
    this.#typingIntervalMs = options.typingIntervalMs ?? 3_000;
    this.#heartbeat = setInterval(() => this.#beat(), options.heartbeatMs ?? 30_000);
    this.#heartbeat.unref();
    this.#sessionCheck = setInterval(() => void this.#checkSessions(), options.sessionCheckMs ?? 60_000);
    this.#sessionCheck.unref();
  }

  /** Sockets open now (authenticated or not). */
  get size(): number {
    return this.#clients.size;
  }

  get closing(): boolean {
    return this.#closing;
  }

  /** Takes a socket that has just been upgraded; it must authenticate with its first frame. */
  accept(ws: WebSocket): void {
    if (this.#closing) {
      ws.close(CLOSE_GOING_AWAY, 'Server is restarting');
      return;
    }
    const client: Client = {
      ws,
      user: null,
      frames: Promise.resolve(),
      alive: true,
      authTimer: undefined,
      typingAt: new Map(),
    };
    this.#clients.add(client);
    client.authTimer = setTimeout(() => {
      if (!client.user) ws.close(SOCKET_UNAUTHORIZED, 'Sign in to continue.');
    }, this.#authTimeoutMs);
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('message', (data, isBinary) => {
      client.alive = true;
      if (isBinary) return;
      client.frames = client.frames
        .then(() => this.#onFrame(client, data))
        .catch((err: unknown) => this.#deps.logger.warn({ err }, 'realtime: a client frame failed'));
    });
    // 'error' precedes 'close' (a frame over the limit: ws closes with 1009 itself).
    ws.on('error', (err) => this.#deps.logger.debug({ err }, 'realtime: socket error'));
    ws.on('close', () => this.#forget(client));
  }

  /** A notification of the chat channel (its payload: a ChatEvent as JSON). */
  notify(payload: string): void {
    const event = parseEvent(payload);
    if (!event) {
      this.#deps.logger.warn('realtime: ignored a malformed chat event');
      return;
    }
    // No socket of that NGO here: nothing to read or send.
    if (!this.#byNgo.get(event.ngoId)?.size) return;
    const prepared = this.#prepare(event).catch((err: unknown) => {
      this.#deps.logger.warn({ err, kind: event.kind }, 'realtime: could not prepare a chat event');
      return null;
    });
    this.#delivered = this.#delivered.then(async () => {
      const delivery = await prepared;
      if (delivery) this.#deliver(delivery);
    });
  }

  /**
   * The LISTEN connection was lost and is back: events of the gap are gone, so every socket is closed
   * (1012) and its client reconnects and catches up through the API.
   */
  listenerReconnected(): void {
    this.#deps.logger.warn(
      'realtime: the LISTEN connection was reopened; closing sockets so clients catch up',
    );
    for (const client of this.#clients) client.ws.close(CLOSE_SERVICE_RESTART, 'Reconnect and catch up');
  }

  /** Closes every socket (1001) and waits for them to go, at most `graceMs` before cutting them. */
  async close(graceMs = 3_000): Promise<void> {
    this.#closing = true;
    clearInterval(this.#heartbeat);
    clearInterval(this.#sessionCheck);
    const open = [...this.#clients];
    await Promise.all(
      open.map(
        (client) =>
          new Promise<void>((resolve) => {
            if (client.ws.readyState === WebSocket.CLOSED) return resolve();
            const cut = setTimeout(() => client.ws.terminate(), graceMs);
            client.ws.once('close', () => {
              clearTimeout(cut);
              resolve();
            });
            client.ws.close(CLOSE_GOING_AWAY, 'Server is restarting');
          }),
      ),
    );
    await this.#delivered;
  }

  async #onFrame(client: Client, data: RawData): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(rawText(data));
    } catch {
      json = undefined;
    }
    if (client.ws.readyState !== WebSocket.OPEN) return;
    const parsed = chatClientFrame.safeParse(json);
    if (!client.user) {
      if (!parsed.success || parsed.data.type !== 'auth') {
        client.ws.close(SOCKET_UNAUTHORIZED, 'Sign in to continue.');
        return;
      }
      const user = await authenticateSocket(this.#deps.db, this.#deps.jwt, parsed.data.token);
      if (client.ws.readyState !== WebSocket.OPEN) return;
      if (!user) {
        client.ws.close(SOCKET_UNAUTHORIZED, 'Your session has expired. Sign in again.');
        return;
      }
      this.#admit(client, user);
      return;
    }
    // Anything unexpected from a signed-in client is ignored: a newer client may send frames we do not know.
    if (!parsed.success) return;
    if (parsed.data.type === 'ping') this.#send(client, { type: 'pong' });
    else if (parsed.data.type === 'typing')
      await this.#typing(client, client.user, parsed.data.conversationId);
  }

  #admit(client: Client, user: SocketUser) {
    clearTimeout(client.authTimer);
    client.user = user;
    addTo(this.#byNgo, user.ngoId, client);
    const first = addTo(this.#byUser, user.id, client);
    this.#send(client, { type: 'ready', userId: user.id });
    // Who else is online on this process, so the list is not empty until someone comes or goes.
    for (const [userId, sockets] of this.#byUser) {
      const other = sockets.values().next().value?.user;
      if (userId !== user.id && other?.ngoId === user.ngoId) {
        this.#send(client, { type: 'presence', userId, online: true });
      }
    }
    if (first) this.#publishPresence(user, true);
  }

  #forget(client: Client) {
    clearTimeout(client.authTimer);
    this.#clients.delete(client);
    const user = client.user;
    if (!user) return;
    removeFrom(this.#byNgo, user.ngoId, client);
    const last = removeFrom(this.#byUser, user.id, client);
    if (last) this.#publishPresence(user, false);
  }

  #publishPresence(user: SocketUser, online: boolean) {
    if (this.#closing) return;
    this.#deps
      .publish({ kind: 'presence', ngoId: user.ngoId, userId: user.id, online })
      .catch((err: unknown) => this.#deps.logger.debug({ err }, 'realtime: could not publish presence'));
  }

  async #typing(client: Client, user: SocketUser, conversationId: string) {
    const now = Date.now();
    const last = client.typingAt.get(conversationId);
    if (last !== undefined && now - last < this.#typingIntervalMs) return;
    if (client.typingAt.size >= TYPING_MEMORY) client.typingAt.clear();
    client.typingAt.set(conversationId, now);
    const audience = await loadAudience(this.#deps.db, conversationId);
    if (!audience || !mayRead(audience, user)) return;
    await this.#deps.publish({
      kind: 'typing',
      ngoId: user.ngoId,
      conversationId,
      userId: user.id,
      name: user.name,
    });
  }

  async #prepare(event: ChatEvent): Promise<Delivery | null> {
    const { ngoId } = event;
    switch (event.kind) {
      case 'message': {
        const [messages, audience] = await Promise.all([
          loadMessages(this.#deps.db, [event.messageId]),
          loadAudience(this.#deps.db, event.conversationId),
        ]);
        const message = messages[0];
        if (!message || !audience || audience.ngoId !== ngoId) return null;
        return { ngoId, frame: frame({ type: 'message', message }), reaches: readersOf(audience) };
      }
      case 'conversation': {
        const audience = await loadAudience(this.#deps.db, event.conversationId);
        if (audience && audience.ngoId !== ngoId) return null;
        const also = new Set(event.alsoUserIds ?? []);
        const readers = audience ? readersOf(audience) : () => false;
        return {
          ngoId,
          frame: frame({ type: 'conversation', conversationId: event.conversationId, rev: event.rev }),
          reaches: (user) => readers(user) || also.has(user.id),
        };
      }
      case 'read':
        return {
          ngoId,
          frame: frame({
            type: 'read',
            conversationId: event.conversationId,
            lastReadSeq: event.lastReadSeq,
          }),
          reaches: (user) => user.id === event.userId,
        };
      case 'typing': {
        const audience = await loadAudience(this.#deps.db, event.conversationId);
        if (!audience || audience.ngoId !== ngoId) return null;
        const readers = readersOf(audience);
        return {
          ngoId,
          frame: frame({
            type: 'typing',
            conversationId: event.conversationId,
            userId: event.userId,
            name: event.name,
          }),
          reaches: (user) => user.id !== event.userId && readers(user),
        };
      }
      case 'presence':
        return {
          ngoId,
          frame: frame({ type: 'presence', userId: event.userId, online: event.online }),
          reaches: (user) => user.id !== event.userId,
        };
    }
  }

  #deliver({ ngoId, frame: text, reaches }: Delivery) {
    for (const client of this.#byNgo.get(ngoId) ?? []) {
      if (client.user && reaches(client.user)) this.#sendText(client, text);
    }
  }

  #send(client: Client, event: ChatSocketEvent) {
    this.#sendText(client, frame(event));
  }

  #sendText(client: Client, text: string) {
    const { ws } = client;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      ws.terminate();
      return;
    }
    ws.send(text);
  }

  /** Pings every socket; one that did not answer the previous ping is half-open (a phone gone) and dropped. */
  #beat() {
    for (const client of this.#clients) {
      if (!client.alive) {
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
  }

  async #checkSessions() {
    if (this.#checkingSessions) return;
    this.#checkingSessions = true;
    try {
      const signedIn = [...this.#clients].filter((c) => c.user);
      if (signedIn.length === 0) return;
      const valid = await sessionsStillValid(
        this.#deps.db,
        signedIn.map((c) => c.user!),
      );
      for (const client of signedIn) {
        if (!valid(client.user!))
          client.ws.close(SOCKET_UNAUTHORIZED, 'Your session has ended. Sign in again.');
      }
    } catch (err) {
      this.#deps.logger.warn({ err }, 'realtime: could not re-check sessions');
    } finally {
      this.#checkingSessions = false;
    }
  }

  /** For tests: runs the periodic session check now. */
  checkSessionsNow(): Promise<void> {
    return this.#checkSessions();
  }
}

const frame = (event: ChatSocketEvent) => JSON.stringify(event);

const readersOf = (audience: Audience) => (user: SocketUser) => mayRead(audience, user);

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** Adds to the set under `key`; true when it is the key's first. */
function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): boolean {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
  return set.size === 1;
}

/** Removes from the set under `key`; true when it was the key's last. */
function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): boolean {
  const set = map.get(key);
  if (!set?.delete(value)) return false;
  if (set.size > 0) return false;
  map.delete(key);
  return true;
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** A notification's payload as a ChatEvent, or null when it is not one (never trusted blindly). */
export function parseEvent(payload: string): ChatEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const e = value as Record<string, unknown>;
  if (!isString(e.ngoId)) return null;
  switch (e.kind) {
    case 'message':
      return isString(e.conversationId) && isString(e.messageId) ? (e as ChatEvent) : null;
    case 'conversation':
      return isString(e.conversationId) &&
        typeof e.rev === 'number' &&
        (e.alsoUserIds === undefined || (Array.isArray(e.alsoUserIds) && e.alsoUserIds.every(isString)))
        ? (e as ChatEvent)
        : null;
    case 'read':
      return isString(e.conversationId) && isString(e.userId) && typeof e.lastReadSeq === 'number'
        ? (e as ChatEvent)
        : null;
    case 'typing':
      return isString(e.conversationId) && isString(e.userId) && isString(e.name) ? (e as ChatEvent) : null;
    case 'presence':
      return isString(e.userId) && typeof e.online === 'boolean' ? (e as ChatEvent) : null;
    default:
      return null;
  }
}
