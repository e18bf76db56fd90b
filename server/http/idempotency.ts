import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { idempotencyKeys } from '../db/schema';
import type { AppBindings, AuthUser } from './context';
import { ApiError } from '../services/api-error';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Visible ASCII only: a key is an opaque token (clients send a UUID), and anything else in a
// header is more likely a bug than a key.
const KEY_PATTERN = /^[\x21-\x7e]+$/;
// These statuses may not carry a body, not even an empty one, or `new Response` throws.
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** Thrown out of the transaction to roll back a request that did not succeed, carrying its answer. */
class RollBack extends Error {
  constructor(readonly response: Response) {
    super('idempotent request rolled back');
  }
}

type StoredKey = typeof idempotencyKeys.$inferSelect;

/**
 * The Idempotency-Key contract (ARCHITECTURE.md, 'Data rules'). Put it on a write route after any
 * auth middleware, so the key is scoped to the signed-in user.
 *
 * The key row and the handler's writes are one transaction: while the route runs, `c.var.db` is that
 * transaction (http/request-db.ts sets the pool before; handlers only ever query `c.var.db`). That is
 * what makes a key exactly-once when the process dies mid-request (nothing commits) or two requests
 * race (PostgreSQL makes the second insert of the key wait on the primary key until the first
 * commits, then it replays). Mail queued meanwhile is a row of the same transaction, delivered by
 * request-db.ts after it ends, so a rolled-back request sent none.
 *
 * Only a 2xx answer is stored; any other answer rolls the whole request back, so a corrected
 * retry with the same key runs afresh.
 */
export function idempotency() {
  return createMiddleware<AppBindings>(async (c, next) => {
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (header === undefined || !WRITE_METHODS.has(c.req.method)) return next();
    const key = parseKey(header);
    const user = c.get('user') as AuthUser | undefined;
    const scope = user ? `user:${user.id}` : 'anonymous';
    const url = new URL(c.req.url);
    const requestHash = createHash('sha256')
      .update(`${c.req.method}\n${url.pathname}${url.search}\n`)
      // Read once here as bytes; Hono caches the body, so the route still gets it whole (read as text,
      // a binary body such as a workbook would reach the route re-encoded, its bytes mangled).
      .update(new Uint8Array(await c.req.arrayBuffer()))
      .digest('hex');

    try {
      const pool = c.var.db;
      const stored = await pool.transaction(async (tx) => {
        const claimed = await tx
          .insert(idempotencyKeys)
          .values({ scope, key, requestHash })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (claimed.length === 0) {
          const [row] = await tx
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
            .limit(1);
          return row ?? null;
        }

        c.set('db', tx);
        try {
          await next();
        } finally {
          c.set('db', pool);
        }
        const res = c.res;
        if (res.status < 200 || res.status > 299) throw new RollBack(res);
        const body = await res.text();
        await tx
          .update(idempotencyKeys)
          .set({
            responseStatus: res.status,
            responseBody: body,
            responseContentType: res.headers.get('content-type'),
          })
          .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
        c.res = new Response(NULL_BODY_STATUSES.has(res.status) ? null : body, res);
        return undefined;
      });
      if (stored === undefined) return;
      return replay(stored, requestHash);
    } catch (err) {
      if (err instanceof RollBack) {
        c.res = err.response;
        return;
      }
      throw err;
    }
  });
}

function parseKey(header: string): string {
  // RFC draft 'The Idempotency-Key HTTP Header Field' sends it as a quoted structured-field string.
  const key = /^"(.*)"$/.exec(header.trim())?.[1] ?? header.trim();
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ApiError(400, `The ${IDEMPOTENCY_KEY_HEADER} header is longer than 255 characters.`, {
      code: 'idempotency_key_invalid',
    });
  }
  if (!KEY_PATTERN.test(key)) {
    throw new ApiError(
      400,
      `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to 255 visible ASCII characters, such as a UUID.`,
      { code: 'idempotency_key_invalid' },
    );
  }
  return key;
}

function replay(stored: StoredKey | null, requestHash: string): Response {
  // Purged between the insert and the read, the only way to find no row: ask for a retry.
  if (!stored || stored.responseStatus === null) {
    throw new ApiError(409, 'This request is already being processed. Try again in a moment.', {
      code: 'idempotency_key_in_use',
    });
  }
  if (stored.requestHash !== requestHash) {
    throw new ApiError(
      409,
      'This Idempotency-Key was already used for a different request. Send the changed request with a new key.',
      { code: 'idempotency_key_reused' },
    );
  }
  const headers = new Headers({ [REPLAYED_HEADER]: 'true' });
  if (stored.responseContentType) headers.set('content-type', stored.responseContentType);
  const body = NULL_BODY_STATUSES.has(stored.responseStatus) ? null : stored.responseBody;
  return new Response(body, { status: stored.responseStatus, headers });
}
