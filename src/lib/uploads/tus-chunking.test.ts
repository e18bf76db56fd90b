import type { HttpRequest, Upload } from 'tus-js-client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FIRST_CHUNK_BYTES, firstChunkSize, forgetLinkSpeed, MAX_CHUNK_BYTES } from './chunk-size';
import { adaptiveChunks } from './tus-chunking';

// Each chunk takes a millisecond: a fast link, measured the same way on every machine.
beforeEach(() => {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (now += 0.5));
});
afterEach(() => {
  forgetLinkSpeed();
  vi.restoreAllMocks();
});

const request = (method: string) => ({ getMethod: () => method }) as unknown as HttpRequest;

function sendsAChunk(chunks: ReturnType<typeof adaptiveChunks>, method: string, bytes: number) {
  chunks.options.onBeforeRequest(request(method));
  chunks.options.onChunkComplete(bytes);
}

it("sizes the next upload's first chunk from this one's speed, and starts over after a failed request", () => {
  const first = adaptiveChunks();
  expect(first.options.chunkSize).toBe(FIRST_CHUNK_BYTES);
  const upload = { options: { chunkSize: first.options.chunkSize } } as Upload;
  first.follow(upload);
  // On loopback, chunks complete at once: each grows sixteenfold, up to the ceiling.
  sendsAChunk(first, 'POST', FIRST_CHUNK_BYTES);
  expect(upload.options.chunkSize).toBe(16 * FIRST_CHUNK_BYTES);
  sendsAChunk(first, 'PATCH', 16 * 1024 * 1024);
  expect(upload.options.chunkSize).toBe(MAX_CHUNK_BYTES);

  // The next upload on the same link starts at the size the last one reached.
  const next = adaptiveChunks();
  expect(next.options.chunkSize).toBe(MAX_CHUNK_BYTES);
  const nextUpload = { options: { chunkSize: next.options.chunkSize } } as Upload;
  next.follow(nextUpload);
  // A request failed: tus asks the server's offset (HEAD) before resuming, from the first size again.
  next.options.onBeforeRequest(request('HEAD'));
  expect(nextUpload.options.chunkSize).toBe(FIRST_CHUNK_BYTES);
  expect(firstChunkSize()).toBe(FIRST_CHUNK_BYTES);
});
