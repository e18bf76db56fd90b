import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import type { DatabaseHandle } from '../db';
import type { Jwt } from '../services/auth/jwt';
import { CHAT_EVENTS_CHANNEL, publishChatEvent } from '../services/chat-events';
import { SocketHub, type SocketHubOptions } from './socket-hub';

/** The socket's address (contract/chat.ts, chatSocketEvent). */
export const REALTIME_PATH = '/api/realtime';
/** A client frame larger than this closes the socket (1009): the largest real one is an auth token. */
export const SOCKET_FRAME_MAX_BYTES = 16 * 1024;

/** What the HTTP server must offer: its 'upgrade' event (an http.Server, or HTTPS with HTTP/1.1 allowed). */
export interface UpgradeSource {
  on(event: 'upgrade', listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown;
  off(event: 'upgrade', listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown;
}

export interface RealtimeDeps {
  server: UpgradeSource;
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  jwt: Jwt;
  logger: Logger;
  /** The configured public address; a browser's Origin must be it or the host it connected to. */
  publicUrl: string;
  options?: SocketHubOptions;
}

export interface Realtime {
  hub: SocketHub;
  /** Stops taking sockets, closes the open ones (1001) and stops listening. */
  close: () => Promise<void>;
}

/**
 * The team chat socket (ADR 0046) on the HTTP server's 'upgrade' event, with `ws` in noServer mode:
 * Hono on @hono/node-server 2.x has no WebSocket of its own, and @hono/node-ws (1.3.x) peers
 * @hono/node-server 1.x while doing no more than this. One LISTEN per process feeds the hub.
 */
export async function attachRealtime(deps: RealtimeDeps): Promise<Realtime> {
  const { server, database, jwt, logger } = deps;
  const hub = new SocketHub(
    { db: database.db, jwt, logger, publish: (event) => publishChatEvent(database.db, event) },
    deps.options,
  );
  const stopListening = await database.listen(
    CHAT_EVENTS_CHANNEL,
    (payload) => hub.notify(payload),
    () => hub.listenerReconnected(),
  );
  // perMessageDeflate stays off (ws' default for servers): its per-socket zlib memory is the cost of a
  // socket, and the frames are small.
  const wss = new WebSocketServer({ noServer: true, maxPayload: SOCKET_FRAME_MAX_BYTES });
  const publicOrigin = new URL(deps.publicUrl).origin;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const path = (req.url ?? '').split('?')[0];
    if (path !== REALTIME_PATH || hub.closing) {
      socket.destroy();
      return;
    }
    if (!originAllowed(req.headers.origin, req.headers.host, publicOrigin)) {
      refuse(socket, 403, 'Forbidden');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => hub.accept(ws));
  };
  server.on('upgrade', onUpgrade);

  let closed: Promise<void> | undefined;
  return {
    hub,
    close: () =>
      (closed ??= (async () => {
        server.off('upgrade', onUpgrade);
        await hub.close();
        await stopListening().catch(() => undefined);
        wss.close();
      })()),
  };
}

/**
 * A browser always sends Origin on a WebSocket and sends cookies along, so a page of another site could
 * otherwise open the socket (cross-site WebSocket hijacking). Tokens travel in the first frame, never in
 * a cookie, so this is defence in depth: the page must be the configured public address or be served by
 * the host the socket is opened to (the same origin, on whatever address the phone used). No Origin: a
 * non-browser client, which must authenticate like any other.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  publicOrigin: string,
): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.origin === publicOrigin) return true;
  return host !== undefined && parsed.host === host.toLowerCase();
}

function refuse(socket: Duplex, status: number, reason: string) {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
