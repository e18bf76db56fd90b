/**
 * A response body made from `chunks` as the client takes them: the next chunk is asked for only when
 * the stream wants one (`pull`), and @hono/node-server pulls only once the socket has drained, so a
 * slow download holds the export back instead of letting rows pile up in memory. Nothing is read
 * before the first pull (a HEAD request, answered without its body, costs no query). When the client
 * goes away the stream is cancelled and the generator's `finally` blocks run.
 */
export function toWebStream(
  chunks: AsyncIterable<string | Uint8Array>,
  onError: (error: unknown) => void = () => {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let iterator: AsyncIterator<string | Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        iterator ??= chunks[Symbol.asyncIterator]();
        let next: IteratorResult<string | Uint8Array>;
        try {
          next = await iterator.next();
        } catch (error) {
          // The status and headers are sent: the client sees the download cut short, the log says why.
          onError(error);
          throw error;
        }
        const { value, done } = next;
        if (done) controller.close();
        else controller.enqueue(typeof value === 'string' ? encoder.encode(value) : value);
      },
      async cancel() {
        await iterator?.return?.();
      },
    },
    // Nothing read ahead: a pull only when the client reads (a chunk is a page of rows already).
    { highWaterMark: 0 },
  );
}
