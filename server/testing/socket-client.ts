import { WebSocket } from 'ws';
import type { ChatSocketEvent } from '../../contract/chat';

/** A test's client of the realtime socket: every event it got, and a way to wait for one. */
export interface TestSocket {
  ws: WebSocket;
  events: ChatSocketEvent[];
  /** Resolves with the close code and reason once the socket is closed (by either side). */
  closed: Promise<{ code: number; reason: string }>;
  send: (frame: unknown) => void;
  /** The first event (already received or to come) that matches; rejects after `timeoutMs`. */
  waitFor: <T extends ChatSocketEvent['type']>(
    type: T,
    match?: (event: Extract<ChatSocketEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ) => Promise<Extract<ChatSocketEvent, { type: T }>>;
  /** The events of one type received so far. */
  ofType: <T extends ChatSocketEvent['type']>(type: T) => Extract<ChatSocketEvent, { type: T }>[];
  close: () => Promise<void>;
}

/** Opens a socket to `url` (ws://…/api/realtime); resolves once it is open, rejects if refused. */
export function openTestSocket(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, { headers });
  const events: ChatSocketEvent[] = [];
  const waiting = new Set<() => void>();
  ws.on('message', (data) => {
    events.push(JSON.parse(String(data)) as ChatSocketEvent);
    for (const check of [...waiting]) check();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => {
      for (const check of [...waiting]) check();
      resolve({ code, reason: reason.toString() });
    }),
  );
  const socket: TestSocket = {
    ws,
    events,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    waitFor: (type, match = () => true, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        type Wanted = Extract<ChatSocketEvent, { type: typeof type }>;
        const check = () => {
          const found = events.find((e): e is Wanted => e.type === type && match(e as Wanted));
          if (found) {
            done();
            resolve(found);
          } else if (ws.readyState === WebSocket.CLOSED) {
            done();
            reject(new Error(`socket closed before a '${type}' event arrived`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no '${type}' event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiting.delete(check);
        };
        waiting.add(check);
        check();
      }),
    ofType: (type) => events.filter((e) => e.type === type) as never,
    close: async () => {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** A socket that has sent its token and got 'ready'. */
export async function signedInSocket(url: string, token: string): Promise<TestSocket> {
  const socket = await openTestSocket(url);
  socket.send({ type: 'auth', token });
  await socket.waitFor('ready');
  return socket;
}
