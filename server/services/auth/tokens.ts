import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { authTokens } from '../../db/schema';
import { newId } from '../ids';

/** A database handle or an open transaction; token writes often share a transaction with user writes. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type TokenPurpose = 'verify_email' | 'reset_password' | 'unlock';

/** How long each kind of emailed link stays valid. */
export const tokenTtlSeconds: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60,
  reset_password: 60 * 60,
  // As long as the longest sign-in lock lasts by default (AUTH_RATE_LIMIT_GLOBAL_WINDOW_SECONDS).
  unlock: 24 * 60 * 60,
};

/** Only this digest is stored, so a leaked auth_tokens table cannot be replayed as links. */
export const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex');

/**
 * Creates a single-use token for an emailed link and returns the raw value, which exists only in the link.
 * Older unused tokens of the same purpose stop working: only the newest link in the inbox is valid.
 */
export async function issueToken(db: DbExecutor, userId: string, purpose: TokenPurpose): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  // Database time throughout, so replicas with drifting clocks agree on expiry.
  await db
    .update(authTokens)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    );
  await db.insert(authTokens).values({
    id: newId(),
    userId,
    purpose,
    tokenHash: hashToken(raw),
    expiresAt: sql`now() + (${tokenTtlSeconds[purpose]}::int * interval '1 second')`,
  });
  return raw;
}

export type TokenProblem = 'invalid' | 'used' | 'expired';
export type TokenCheck = { ok: true; userId: string } | { ok: false; problem: TokenProblem };

/** Reads a token without using it up: lets a caller refuse early before doing costly work. */
export async function checkToken(db: DbExecutor, raw: string, purpose: TokenPurpose): Promise<TokenCheck> {
  const [row] = await db
    .select({
      userId: authTokens.userId,
      used: sql<boolean>`${authTokens.usedAt} is not null`,
      expired: sql<boolean>`${authTokens.expiresAt} <= now()`,
    })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(raw)), eq(authTokens.purpose, purpose)))
    .limit(1);
  if (!row) return { ok: false, problem: 'invalid' };
  if (row.used) return { ok: false, problem: 'used' };
  if (row.expired) return { ok: false, problem: 'expired' };
  return { ok: true, userId: row.userId };
}

/**
 * Marks the token used and returns its user. The check and the write are one statement, so two
 * concurrent requests with the same link cannot both succeed.
 */
export async function consumeToken(db: DbExecutor, raw: string, purpose: TokenPurpose): Promise<TokenCheck> {
  const tokenHash = hashToken(raw);
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: authTokens.userId });
  if (row) return { ok: true, userId: row.userId };
  const check = await checkToken(db, raw, purpose);
  // Lost a race with a concurrent request between the update and the read.
  return check.ok ? { ok: false, problem: 'used' } : check;
}
