import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** The socket pauses once this many chunks (socket reads, ≤ 64 KiB each) wait for the reader. */
const QUEUED_CHUNKS = 1;

/**
 * The request with its body streamed from Node's own request, chunk by chunk as the socket delivered
 * them. @hono/node-server hands handlers `Readable.toWeb(incoming)`, which on Node 20 copies every chunk
 * (to detach it from Buffer's pool; socket reads never come from the pool): on a 32 MiB upload chunk
 * those copies doubled what the collector had to free, and in a process holding the embedded
 * database each full collection cost 20–40 ms (bench:files). Only for routes that stream a large body
 * onwards (the tus uploads); without a Node request (`app.request()` in tests) the request itself.
 */
export function withNodeBody(c: Context): Request {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const method = c.req.method;
  if (!incoming || method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return c.req.raw;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        incoming.on('data', (chunk: Buffer) => {
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
        });
        incoming.once('end', () => controller.close());
        incoming.once('error', (err) => controller.error(err));
        // A connection cut mid-body: the reader sees the body fail, not end (what arrived is kept).
        incoming.once('close', () => {
          if (!incoming.readableEnded) controller.error(new Error('The request body was cut off.'));
        });
      },
      pull() {
        incoming.resume();
      },
      cancel() {
        incoming.pause();
      },
    },
    { highWaterMark: QUEUED_CHUNKS },
  );
  return new Request(c.req.url, {
    method,
    headers: c.req.raw.headers,
    body,
    signal: c.req.raw.signal,
    duplex: 'half',
  } as RequestInit);
}
