import type { HttpRequest, Upload, UploadOptions } from 'tus-js-client';
import {
  FIRST_CHUNK_BYTES,
  firstChunkSize,
  forgetLinkSpeed,
  nextChunkSize,
  rememberLinkSpeed,
} from './chunk-size';

/** Waits between attempts after a failed request: a flaky 2G link gets about three minutes. */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000];

/**
 * How a resumable upload sends its bytes, shared by the storage screen, the fill page's media and bench:upload-2g so the
 * bench measures what the screen does:
 * - the first chunk rides in the creation request (tus creation-with-upload), so a file under 64 KiB
 *   is one request, not two: a round trip less on 2G, where one costs a second or more;
 * - each next chunk is sized from the last one's measured speed (chunk-size.ts), and the first from
 *   the last upload's, while that measurement holds;
 * - failed requests are retried with RETRY_DELAYS_MS, resuming from the server's offset (a HEAD
 *   request), and from the first size again: the link is not what was measured.
 * `follow(upload)` once the Upload exists, so the chunk size it sends next can change.
 */
export function adaptiveChunks(beforeRequest?: (request: HttpRequest) => void) {
  let upload: Upload | undefined;
  let requestStartedAt = 0;
  const options = {
    chunkSize: firstChunkSize(),
    retryDelays: RETRY_DELAYS_MS,
    uploadDataDuringCreation: true,
    onBeforeRequest: (request: HttpRequest) => {
      beforeRequest?.(request);
      requestStartedAt = performance.now();
      if (request.getMethod() === 'HEAD') {
        forgetLinkSpeed();
        if (upload) upload.options.chunkSize = FIRST_CHUNK_BYTES;
      }
    },
    onChunkComplete: (chunkBytes: number) => {
      const seconds = (performance.now() - requestStartedAt) / 1000;
      rememberLinkSpeed(chunkBytes, seconds);
      if (upload) upload.options.chunkSize = nextChunkSize(chunkBytes, seconds);
    },
  } satisfies UploadOptions;
  return {
    options,
    follow(made: Upload) {
      upload = made;
    },
  };
}
