import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, deflate, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { parseAccept } from 'hono/utils/accept';
import { knownBodyOf, type KnownBody } from './etag';

const ENCODINGS = ['gzip', 'deflate'] as const;
type Encoding = (typeof ENCODINGS)[number];
/** A page's codings, best first: brotli where the browser takes it (every browser, over HTTPS). */
const PAGE_ENCODINGS = ['br', ...ENCODINGS] as const;
type PageEncoding = (typeof PAGE_ENCODINGS)[number];

const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);
const brotliAsync = promisify(brotliCompress);
/**
 * zlib's defaults, as CompressionStream uses them; run on libuv's thread pool, off the event loop.
 * zlib's output is a fresh Buffer over an ArrayBuffer (never shared), as a response body must be.
 */
const encoders: Record<Encoding, (bytes: Uint8Array) => Promise<Buffer<ArrayBuffer>>> = {
  gzip: async (bytes) => (await gzipAsync(bytes)) as Buffer<ArrayBuffer>,
  deflate: async (bytes) => (await deflateAsync(bytes)) as Buffer<ArrayBuffer>,
};

/** The best of `offered` the client accepts (q > 0), the first offered on a tie; as hono/compress chooses. */
function selectEncoding<E extends string>(
  acceptEncoding: string | undefined,
  offered: readonly E[],
): E | undefined {
  if (acceptEncoding === undefined) return undefined;
  const accepts = parseAccept(acceptEncoding);
  const wildcardQ = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: E; q: number } | undefined;
  for (const encoding of offered) {
    const explicit = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : (wildcardQ ?? 0);
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** A body's bytes and the compressed forms made of them so far (a KnownBody is one). */
type Encodable = Pick<KnownBody, 'bytes' | 'encoded'>;

/** The compressed form of a body, made once per body and encoding and shared by every request. */
function encodedOnce<E extends string>(
  body: Encodable,
  encoding: E,
  encodersOf: Record<E, (bytes: Uint8Array) => Promise<Buffer<ArrayBuffer>>>,
): Promise<Buffer<ArrayBuffer>> {
  let encoded = body.encoded.get(encoding);
  if (!encoded) {
    encoded = encodersOf[encoding](body.bytes);
    body.encoded.set(encoding, encoded);
    encoded.catch(() => body.encoded.delete(encoding));
  }
  return encoded;
}

/**
 * A page's HTML compressed once per distinct text, brotli at its best: a first visit on 2G then
 * fits in the connection's first round trips (a new TCP connection sends about 14 KB before it
 * waits for an answer), and the ~50 ms it costs is paid once per page and build, not per visit.
 * The pages are few (each prerendered page by theme, a listing page per first page of data).
 */
const pageBodies = new Map<string, Encodable>();
const PAGE_BODIES_MAX_ENTRIES = 64;
const pageEncoders: Record<PageEncoding, (bytes: Uint8Array) => Promise<Buffer<ArrayBuffer>>> = {
  ...encoders,
  br: async (bytes) =>
    (await brotliAsync(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    })) as Buffer<ArrayBuffer>,
};

/** The page's bytes and compressed forms, kept for the most recently sent pages. */
function pageBody(html: string): Encodable {
  let body = pageBodies.get(html);
  if (body) {
    // Most recently used last, so the oldest is dropped first.
    pageBodies.delete(html);
  } else {
    body = { bytes: Buffer.from(html, 'utf8'), encoded: new Map() };
    if (pageBodies.size >= PAGE_BODIES_MAX_ENTRIES) pageBodies.delete(pageBodies.keys().next().value!);
  }
  pageBodies.set(html, body);
  return body;
}

/** The site's own pages (http/static-client.ts) by their response, with the HTML they hold. */
const pages = new WeakMap<Response, string>();

/** Marks `res` as one of the site's pages, holding `html`: it is compressed once per distinct page. */
export function asPage(res: Response, html: string): Response {
  pages.set(res, html);
  return res;
}

/** Replaces the finished response without Hono's setter, which would rebuild it around the old one's stream. */
function replaceResponse(c: Context, res: Response) {
  c.res = undefined;
  c.res = res;
}

/**
 * hono/compress's behaviour (gzip or deflate by Accept-Encoding, and brotli for pages, `Vary: Accept-Encoding`, a weak
 * ETag once compressed, nothing for HEAD, 206, no-transform or an encoded body) without its costs on
 * a busy server (issue 11, ADR 0021):
 * - the Vary header is set on the response in place: hono/compress set it through `c.header()`,
 *   which on a finished response rebuilds it around a stream, so every compressible answer, even an
 *   uncompressed one, was streamed chunk by chunk instead of written at once;
 * - a body made by `revalidatedJson` (http/etag.ts), the public listings, is compressed once per
 *   distinct body off the event loop, and every later request for the same bytes reuses the result;
 * - a page marked by `asPage` likewise, with brotli first (ADR 0035).
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
    const acceptEncoding = c.req.header('Accept-Encoding');
    const page = pages.get(res);
    let compressed: Response;
    let encoding: PageEncoding;
    if (page !== undefined) {
      const chosen = selectEncoding(acceptEncoding, PAGE_ENCODINGS);
      if (!chosen) return;
      compressed = new Response(await encodedOnce(pageBody(page), chosen, pageEncoders), {
        status: res.status,
        headers,
      });
      encoding = chosen;
    } else {
      const chosen = selectEncoding(acceptEncoding, ENCODINGS);
      if (!chosen) return;
      if (known) {
        compressed = new Response(await encodedOnce(known, chosen, encoders), {
          status: res.status,
          headers,
        });
      } else {
        if (!res.body) return;
        compressed = new Response(res.body.pipeThrough(new CompressionStream(chosen)), res);
      }
      encoding = chosen;
    }
    compressed.headers.delete('Content-Length');
    compressed.headers.set('Content-Encoding', encoding);
    const etag = compressed.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) compressed.headers.set('ETag', `W/${etag}`);
    replaceResponse(c, compressed);
  };
}
