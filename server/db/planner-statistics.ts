import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '.';
import { scheduleJob } from '../services/scheduled-job';

const SIX_HOURS_MS = 6 * 60 * 60 * 1000;

/**
 * The embedded database (PGlite) has no autovacuum, so nothing ever gathers the planner's
 * statistics: without them it guesses a filter's selectivity, and the first page of a country's
 * grants read and sorted all 1,635 of 10,000 matches (9 ms) instead of walking the post-date index
 * until 26 matched (1.6 ms). Nor does anything mark pages all-visible, so every index-only scan
 * still reads the table: the chat search's postings (ADR 0051) were gathered through 38,000 table
 * pages (380 ms) instead of their index alone (20 ms). VACUUM ANALYZE does both, and visits only the
 * pages changed since the last run (2.4 s for 10 million postings the first time), so it runs at
 * start (after the seed) and then every six hours. PostgreSQL's autovacuum does this itself.
 */
export async function refreshPlannerStatistics(handle: Pick<DatabaseHandle, 'db'>): Promise<void> {
  await handle.db.execute(sql`vacuum analyze`);
}

/** Refreshes now and then every six hours on the embedded database; the returned function stops it. */
export function schedulePlannerStatistics(
  handle: Pick<DatabaseHandle, 'db' | 'kind'>,
  logger: Logger,
  intervalMs = SIX_HOURS_MS,
): () => void {
  if (handle.kind !== 'pglite') return () => {};
  return scheduleJob(logger, {
    intervalMs,
    failure: 'refreshing the planner statistics failed',
    run: async () => {
      const started = performance.now();
      await refreshPlannerStatistics(handle);
      logger.debug({ ms: Math.round(performance.now() - started) }, 'planner statistics refreshed');
    },
  });
}
