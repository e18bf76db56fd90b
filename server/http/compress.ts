import { promisify } from 'node:util';
import { deflate, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { parseAccept } from 'hono/utils/accept';
import { knownBodyOf, type KnownBody } from './etag';

const ENCODINGS = ['gzip', 'deflate'] as const;
type Encoding = (typeof ENCODINGS)[number];

const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);
/**
 * zlib's defaults, as CompressionStream uses them; run on libuv's thread pool, off the event loop.
 * zlib's output is a fresh Buffer over an ArrayBuffer (never shared), as a response body must be.
 */
const encoders: Record<Encoding, (bytes: Uint8Array) => Promise<Buffer<ArrayBuffer>>> = {
  gzip: async (bytes) => (await gzipAsync(bytes)) as Buffer<ArrayBuffer>,
  deflate: async (bytes) => (await deflateAsync(bytes)) as Buffer<ArrayBuffer>,
};

/** The best encoding the client accepts (q > 0), gzip first on a tie; as hono/compress chooses. */
function selectEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const accepts = parseAccept(acceptEncoding);
  const wildcardQ = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    const explicit = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : (wildcardQ ?? 0);
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** The compressed form of a known body, made once per body and encoding and shared by every request. */
function encodedOnce(body: KnownBody, encoding: Encoding): Promise<Buffer<ArrayBuffer>> {
  let encoded = body.encoded.get(encoding);
  if (!encoded) {
    encoded = encoders[encoding](body.bytes);
    body.encoded.set(encoding, encoded);
    encoded.catch(() => body.encoded.delete(encoding));
  }
  return encoded;
}

/** Replaces the finished response without Hono's setter, which would rebuild it around the old one's stream. */
function replaceResponse(c: Context, res: Response) {
  c.res = undefined;
  c.res = res;
}

/**
 * hono/compress's behaviour (gzip or deflate by Accept-Encoding, `Vary: Accept-Encoding`, a weak
 * ETag once compressed, nothing for HEAD, 206, no-transform or an encoded body) without its costs on
 * a busy server (issue 11, ADR 0021):
 * - the Vary header is set on the response in place: hono/compress set it through `c.header()`,
 *   which on a finished response rebuilds it around a stream, so every compressible answer, even an
 *   uncompressed one, was streamed chunk by chunk instead of written at once;
 * - a body made by `revalidatedJson` (http/etag.ts), the public listings, is compressed once per
 *   distinct body off the event loop, and every later request for the same bytes reuses the result.
 *   Other bodies are compressed as they stream, as before.
 */
export function compress(options: { threshold?: number } = {}): MiddlewareHandler {
  const threshold = options.threshold ?? 1024;
  return async function compressMiddleware(c, next) {
    await next();
    const res = c.res;
    const headers = res.headers;
    const contentLength = headers.get('Content-Length');
    const contentType = headers.get('Content-Type');
    if (
      res.status === 206 ||
      headers.has('Content-Encoding') ||
      headers.has('Transfer-Encoding') ||
      c.req.method === 'HEAD' ||
      (contentLength && Number(contentLength) < threshold) ||
      !contentType ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType) ||
      /(?:^|,)\s*?no-transform\s*?(?:,|$)/i.test(headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const known = knownBodyOf(res);
    if (known && known.bytes.length < threshold) return;
    const vary = headers.get('Vary');
    if (vary !== '*' && !(vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) {
      headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const encoding = selectEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;

    let compressed: Response;
    if (known) {
      compressed = new Response(await encodedOnce(known, encoding), { status: res.status, headers });
    } else {
      if (!res.body) return;
      compressed = new Response(res.body.pipeThrough(new CompressionStream(encoding)), res);
    }
    compressed.headers.delete('Content-Length');
    compressed.headers.set('Content-Encoding', encoding);
    const etag = compressed.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) compressed.headers.set('ETag', `W/${etag}`);
    replaceResponse(c, compressed);
  };
}
