import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Context } from 'hono';

/** How long a closing connection keeps swallowing the rest of an upload after the answer went out. */
export const LINGER_MS = 2_000;

const lingering = Symbol('lingering');

/**
 * Headers that end an HTTP/1.1 connection after this answer, for a request whose body the server
 * will not read (e.g. a 413). Promising keep-alive would be a lie: @hono/node-server drains such a
 * body for only 500 ms and then drops the socket, so a client that reused it saw a reset.
 *
 * Closing outright with unread bytes makes the kernel send a RST, which can destroy the answer
 * before the client read it; so the socket lingers: it half-closes after the answer and discards
 * what the client still sends, until the client closes or LINGER_MS have passed (a slow sender
 * cannot hold it longer).
 *
 * HTTP/2 forbids the Connection header and has per-stream resets, so it gets none; nor does
 * app.request() in tests, which has no socket.
 */
export function closeConnectionHeaders(c: Context): Record<string, string> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.httpVersionMajor !== 1 || !incoming.socket) return {};
  lingerOnClose(incoming.socket, incoming);
  return { Connection: 'close' };
}

function lingerOnClose(socket: Socket & { [lingering]?: boolean }, incoming: IncomingMessage) {
  if (socket[lingering] !== undefined) return;
  socket[lingering] = false;
  // Node's server ends a `Connection: close` socket with destroySoon() once the answer is written
  // (and @hono/node-server calls it again when its drain gives up): linger once, then destroy.
  socket.destroySoon = function destroySoonAfterLinger(this: Socket & { [lingering]?: boolean }) {
    if (this.destroyed || this[lingering]) return;
    this[lingering] = true;
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('end', () => this.destroy());
    this.once('close', () => clearTimeout(timer));
    if (this.writable) this.end();
    // The bytes still come through the HTTP parser into the request, whose web-stream reader (made
    // when the body limit looked at it) pauses it once its queue is full: detach it and let them flow to nowhere.
    incoming.removeAllListeners('data');
    incoming.resume();
    this.resume();
  };
}
