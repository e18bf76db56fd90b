import { createHash } from 'node:crypto';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';

/**
 * Public listings change rarely and are large, so they are revalidated instead of refetched:
 * `no-cache` lets browsers and shared caches keep a copy but ask every time, and a matching
 * If-None-Match answers 304 without a body.
 */
export const REVALIDATE = 'public, no-cache';

/** A strong validator: the SHA-256 of the exact body bytes. */
export function strongETag(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/**
 * If-None-Match uses the weak comparison (RFC 9110 §13.1.2), so `W/"x"` matches `"x"`. That matters
 * here: the compress middleware marks the ETag of a gzipped answer weak, and browsers send it back so.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return (ifNoneMatch.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => tag.replace(/^W\//, '') === opaque);
}

/**
 * Answers a JSON body already serialised (by us or by Postgres) with its ETag, or 304 when the client
 * holds the same bytes. `T` is the contract type the text holds; the route's schema documents it.
 */
export function revalidatedJson<T>(c: Context, json: string) {
  // Encoded once: the same bytes are hashed and sent (a listing can be megabytes).
  const bytes = Buffer.from(json, 'utf8');
  const etag = strongETag(bytes);
  c.header('ETag', etag);
  c.header('Cache-Control', REVALIDATE);
  if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
  c.header('Content-Type', 'application/json; charset=UTF-8');
  // The body is the JSON text itself; the cast only restores the type c.json() would have given it.
  return c.body(bytes, 200) as unknown as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}
