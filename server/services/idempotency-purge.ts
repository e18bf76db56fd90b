import { lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db';
import { idempotencyKeys } from '../db/schema';
import { scheduleJob } from './scheduled-job';

/** The contract promises at least this long; a client's outbox may hold an entry for weeks. */
export const IDEMPOTENCY_KEY_TTL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes keys older than the retention; returns how many went. */
export async function purgeExpiredIdempotencyKeys(db: Database): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - (${IDEMPOTENCY_KEY_TTL_DAYS}::int * interval '1 day')`))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

/**
 * Purges now and then once a day. Every replica may run it: the delete is idempotent. The timer is
 * unref'd so it never keeps the process alive; the returned function stops it.
 */
export function scheduleIdempotencyPurge(db: Database, logger: Logger, intervalMs = DAY_MS): () => void {
  return scheduleJob(logger, {
    intervalMs,
    failure: 'idempotency key purge failed',
    run: async () => {
      const count = await purgeExpiredIdempotencyKeys(db);
      if (count > 0) logger.info({ count }, 'expired idempotency keys purged');
    },
  });
}
