import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db';
import { rateLimits } from '../db/schema';
import { ApiError } from './api-error';

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Seconds until the current window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against `key` in a fixed window and says whether it is within `limit`.
 * One atomic upsert in the shared database, so every API replica sees the same counters; a
 * window that has ended restarts at 1 in the same statement.
 */
export async function hit(
  db: DbExecutor,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const windowEnd = sql`now() + (${windowSeconds}::int * interval '1 second')`;
  const expired = sql`${rateLimits.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.windowEndsAt} - now()))))::int`,
    });
  if (!row) throw new Error('rate limit upsert returned no row');
  // Ended windows are only overwritten on their key's next hit; sweep them now and then.
  if (Math.random() < 0.01) await pruneRateLimits(db);
  return { allowed: row.count <= limit, count: row.count, retryAfterSeconds: Number(row.retryAfterSeconds) };
}

/** Forgets the attempts counted against `key`, e.g. an email's failed sign-ins after a good one. */
export async function resetRateLimit(db: DbExecutor, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Forgets `key` and every key that starts with `prefix` (e.g. one email's counters from every IP). */
export async function resetRateLimits(db: DbExecutor, key: string, prefix: string): Promise<void> {
  await db
    .delete(rateLimits)
    .where(or(eq(rateLimits.key, key), sql`starts_with(${rateLimits.key}, ${prefix})`));
}

/** Takes one attempt back off `key` in its current window, e.g. a sign-in that turned out to be the owner's. */
export async function forgiveOne(db: DbExecutor, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.windowEndsAt, sql`now()`)));
}

export async function pruneRateLimits(db: DbExecutor): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, sql`now()`));
}

/** "Try again in N minutes." wording for a Retry-After value; whole hours past two hours. */
export function retryAfterWords(seconds: number): string {
  if (seconds > 2 * 60 * 60) return `${Math.ceil(seconds / 3600)} hours`;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** One fixed-window limit: at most `max` attempts per `windowSeconds` under `key`. */
export interface RateLimit {
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * The one answer to a tripped limit: 429 with `Retry-After` in seconds, and a message that names the
 * wait in words (`message` gets e.g. '15 minutes').
 */
export function tooManyRequests(
  retryAfterSeconds: number,
  message: (wait: string) => string,
  code = 'too_many_requests',
): ApiError {
  return new ApiError(429, message(retryAfterWords(retryAfterSeconds)), {
    code,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

/**
 * Counts the attempt against every limit (so none escapes counting), then throws the 429 of the
 * longest wait if any is over.
 */
export async function enforceRateLimits(
  db: DbExecutor,
  limits: RateLimit[],
  message: (wait: string) => string,
): Promise<void> {
  let retryAfter = 0;
  for (const { key, max, windowSeconds } of limits) {
    const result = await hit(db, key, max, windowSeconds);
    if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
  }
  if (retryAfter > 0) throw tooManyRequests(retryAfter, message);
}
