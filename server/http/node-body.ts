import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * The request with its body streamed from Node's own request, chunk by chunk as the socket delivered
 * them. @hono/node-server hands handlers `Readable.toWeb(incoming)`, which on Node 20 copies every chunk
 * (to detach it from Buffer's pool; socket reads never come from the pool): on a 32 MiB upload chunk
 * those copies doubled what the collector had to free, and in a process holding the embedded
 * database each full collection cost 20–40 ms (bench:files). Only for routes that stream a large body
 * onwards (the tus uploads); without a Node request (`app.request()` in tests) the request itself.
 *
 * Nothing is read until the reader asks (a refused chunk leaves its body to @hono/node-server's
 * clean-up, as before), then a few socket reads ahead of it; once the reader cancels, the rest is not
 * kept.
 */
/** Socket reads (≤ 64 KiB each) taken ahead of the reader, so the socket and the disk overlap. */
const READ_AHEAD = 2;

export function withNodeBody(c: Context): Request {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const method = c.req.method;
  if (!incoming || method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return c.req.raw;
  let listening = false;
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (listening) {
          incoming.resume();
          return;
        }
        listening = true;
        const onData = (chunk: Buffer) => {
          try {
            controller.enqueue(chunk);
          } catch {
            // The reader is gone: what is left is not ours to keep.
            return stop();
          }
          if ((controller.desiredSize ?? 0) < -READ_AHEAD) incoming.pause();
        };
        const onEnd = () => {
          stop();
          controller.close();
        };
        const onError = (err: Error) => {
          stop();
          controller.error(err);
        };
        // A connection cut mid-body: the reader sees the body fail, not end (what arrived is kept).
        const onClose = () => {
          if (!incoming.readableEnded) onError(new Error('The request body was cut off.'));
        };
        stop = () => {
          incoming.off('data', onData);
          incoming.off('end', onEnd);
          incoming.off('error', onError);
          incoming.off('close', onClose);
        };
        incoming.on('data', onData);
        incoming.once('end', onEnd);
        incoming.once('error', onError);
        incoming.once('close', onClose);
      },
      cancel() {
        stop();
      },
    },
    // Pulled only when the reader waits: nothing is read before the body is wanted.
    { highWaterMark: 0 },
  );
  return new Request(c.req.url, {
    method,
    headers: c.req.raw.headers,
    body,
    signal: c.req.raw.signal,
    duplex: 'half',
  } as RequestInit);
}
