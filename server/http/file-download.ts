import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Context } from 'hono';
import { ApiError } from '../services/api-error';
import type { FileStorage } from '../services/storage/file-storage';
import { hasThumbnail, thumbnailOf, THUMBNAIL_PX } from '../services/storage/thumbnails';
import { etagMatches, PER_USER } from './etag';

/*
 * Answers a user's file (issue 13, ADR 0030): whole or one byte range (RFC 9110 §14), revalidated by
 * its checksum, and always as an attachment. The path's Content-Security-Policy (`sandbox;
 * default-src 'none'`) and nosniff come from http/security-headers.ts, so even a file a browser is
 * made to open in place runs no script on the product's origin.
 */

export type RangeAnswer =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i;

/**
 * The part of a `size`-byte file a Range header asks for. One range only: a malformed header, or
 * several ranges, is ignored and the whole file is answered, as RFC 9110 allows. An empty file has no
 * byte to range over and is always answered whole.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header || size === 0) return { kind: 'whole' };
  const match = SINGLE_RANGE.exec(header);
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // bytes=-N: the last N bytes (all of them when the file is shorter).
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - Math.min(suffix, size)), end: size - 1 };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'whole' };
  return { kind: 'partial', start, end };
}

/**
 * `attachment` with the name twice: an ASCII fallback for old clients, and RFC 5987's UTF-8 form
 * (`filename*`), which every current browser prefers.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface StoredFile {
  name: string;
  sizeBytes: number;
  contentType: string;
  sha256: string;
  storageKey: string;
}

/** The download answer: 200, 206, 304 or 416 (in the one error shape). */
export async function fileResponse(c: Context, storage: FileStorage, file: StoredFile): Promise<Response> {
  const etag = `"${file.sha256}"`;
  c.header('ETag', etag);
  c.header('Accept-Ranges', 'bytes');
  // Per-user bytes stay out of shared and disk caches on a shared phone; no-transform keeps them exactly
  // as stored (no gzip), so the length and the checksum a client checks are the file's own.
  c.header('Cache-Control', 'private, no-store, no-transform');
  if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304);

  const ifRange = c.req.header('if-range');
  const range =
    ifRange && ifRange.trim() !== etag
      ? { kind: 'whole' as const }
      : parseRange(c.req.header('range'), file.sizeBytes);
  if (range.kind === 'unsatisfiable') {
    throw new ApiError(416, `The range asked for is outside the file (${file.sizeBytes} bytes).`, {
      code: 'range_not_satisfiable',
      headers: { 'Content-Range': `bytes */${file.sizeBytes}` },
    });
  }
  c.header('Content-Type', file.contentType);
  c.header('Content-Disposition', attachmentDisposition(file.name));
  if (c.req.method === 'HEAD') {
    // Hono answers HEAD from the GET handler and drops the body unread: a file opened for it would
    // stay open until collected.
    c.header('Content-Length', String(file.sizeBytes));
    return c.body(null, 200);
  }
  const stream = await storage.read(
    file.storageKey,
    range.kind === 'partial' ? { start: range.start, end: range.end } : undefined,
  );
  const body = Readable.toWeb(stream) as WebReadableStream<Uint8Array> as unknown as ReadableStream;
  if (range.kind === 'partial') {
    c.header('Content-Range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`);
    c.header('Content-Length', String(range.end - range.start + 1));
    return c.body(body, 206);
  }
  c.header('Content-Length', String(file.sizeBytes));
  return c.body(body, 200);
}

const noThumbnail = () => new ApiError(404, 'This file has no thumbnail.', { code: 'no_thumbnail' });

/**
 * A picture's thumbnail (services/storage/thumbnails.ts: WebP, made on first request), revalidated by
 * the file's checksum: 200, 304, or 404 `no_thumbnail` for a file that has none.
 */
export async function thumbnailResponse(
  c: Context,
  storage: FileStorage,
  file: StoredFile,
): Promise<Response> {
  const etag = `"${file.sha256}-t${THUMBNAIL_PX}"`;
  c.header('Cache-Control', PER_USER);
  if (!hasThumbnail(file)) throw noThumbnail();
  c.header('ETag', etag);
  if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
  const thumbnail = await thumbnailOf(storage, file);
  if (!thumbnail) throw noThumbnail();
  c.header('Content-Type', 'image/webp');
  return c.body(new Uint8Array(thumbnail), 200);
}
