import { createHash } from 'node:crypto';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';

/**
 * Public listings change rarely and are large, so they are revalidated instead of refetched:
 * `no-cache` lets browsers and shared caches keep a copy but ask every time, and a matching
 * If-None-Match answers 304 without a body.
 */
export const REVALIDATE = 'public, no-cache';

/**
 * A member's own data (an NGO's files): revalidated by its ETag on request, but never kept by a
 * browser's or a proxy's cache, which a shared phone's next user could read (ARCHITECTURE.md, Known traps).
 */
export const PER_USER = 'private, no-store';

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

/** A body as sent: its bytes, their strong ETag, and its compressed forms once asked for. */
export interface KnownBody {
  readonly bytes: Buffer<ArrayBuffer>;
  readonly etag: string;
  /** By content coding (gzip, deflate, br); filled by the compress middleware (http/compress.ts). */
  readonly encoded: Map<string, Promise<Buffer<ArrayBuffer>>>;
}

/**
 * The bodies answered lately, keyed by their exact JSON text: the same listing asked for again (the
 * common case, and all of it under load) reuses its bytes, ETag and gzip instead of encoding, hashing
 * and compressing the same text on every request (issue 11, ADR 0021). The key is the text this
 * request answers, as the database gave it, so this is a memo of pure functions of that text, never
 * a cache of data: it cannot answer stale data, and another replica computes the very same values.
 * V8 hashes a long string by its length, so a hit costs about one comparison of the texts (none when
 * it is the very string answered before, as db/snapshot-cache.ts hands back).
 */
const recentBodies = new Map<string, KnownBody>();
const RECENT_BODIES_MAX_ENTRIES = 16;
/** Text (up to 2 bytes a character) plus bytes plus compressed forms, roughly; bounded. */
const RECENT_BODIES_MAX_BYTES = 48 * 1024 * 1024;
let recentBodiesBytes = 0;
const weightOf = (json: string, bytes: Uint8Array) => json.length * 2 + bytes.length * 2;

function knownBody(json: string): KnownBody {
  const hit = recentBodies.get(json);
  if (hit) {
    // Most recently used last, so the oldest is dropped first.
    recentBodies.delete(json);
    recentBodies.set(json, hit);
    return hit;
  }
  // Encoded once: the same bytes are hashed and sent (a listing can be megabytes).
  const bytes = Buffer.from(json, 'utf8');
  const body: KnownBody = { bytes, etag: strongETag(bytes), encoded: new Map() };
  const weight = weightOf(json, bytes);
  if (weight > RECENT_BODIES_MAX_BYTES / 4) return body;
  recentBodies.set(json, body);
  recentBodiesBytes += weight;
  for (const [oldJson, old] of recentBodies) {
    if (recentBodies.size <= RECENT_BODIES_MAX_ENTRIES && recentBodiesBytes <= RECENT_BODIES_MAX_BYTES) break;
    recentBodies.delete(oldJson);
    recentBodiesBytes -= weightOf(oldJson, old.bytes);
  }
  return body;
}

/** The responses made by revalidatedJson, so the compress middleware finds their bytes without reading a stream. */
const knownBodies = new WeakMap<Response, KnownBody>();

/** The body of a response revalidatedJson made, if `res` is one. */
export function knownBodyOf(res: Response): KnownBody | undefined {
  return knownBodies.get(res);
}

/**
 * Answers a JSON body already serialised (by us or by Postgres) with its ETag, or 304 when the client
 * holds the same bytes. `T` is the contract type the text holds; the route's schema documents it.
 */
export function revalidatedJson<T>(c: Context, json: string, cacheControl = REVALIDATE) {
  const body = knownBody(json);
  c.header('ETag', body.etag);
  c.header('Cache-Control', cacheControl);
  if (etagMatches(c.req.header('if-none-match'), body.etag)) return c.body(null, 304);
  c.header('Content-Type', 'application/json; charset=UTF-8');
  const res = c.body(body.bytes, 200);
  knownBodies.set(res, body);
  // The body is the JSON text itself; the cast only restores the type c.json() would have given it.
  return res as unknown as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}

/** What a route answered by revalidatedJson says about it in the OpenAPI document. */
export const revalidationNote =
  'Public. Carries a strong ETag (SHA-256 of the body; marked weak when the answer is gzipped) and ' +
  '`Cache-Control: public, no-cache`; `If-None-Match` with the current ETag answers 304 without a body.';

/** The 304 answer of a route answered by revalidatedJson, for its OpenAPI responses. */
export const notModifiedResponse = {
  304: { description: 'Not modified: the ETag in If-None-Match is current' },
} as const;
