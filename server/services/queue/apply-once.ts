import type { Database, Transaction } from '../../db';
import { jobEffects } from '../../db/schema';

/**
 * Runs a job's database work at most once per job, whatever the number of times the job runs (ADR
 * 0048). In one transaction: claim the job's row in `job_effects`, then do `work` with the same
 * transaction. A job already claimed by a committed run does nothing (`applied: false`); a `work`
 * that throws rolls back its claim with its writes, so the retry does it again. On PostgreSQL a second
 * run of the same job at the same moment (one that outran its expiry) waits on the first one's claim
 * and then finds it.
 *
 * `work` is database work only. Its transaction holds PGlite's one connection (every other request
 * waits for it), so a network call (a mail or SMS provider) never runs inside it: a handler with an
 * outside effect records its intent here, calls the provider with the job id as the provider's
 * idempotency key, then records the outcome.
 */
export async function applyOnce<T>(
  db: Database,
  job: { id: string; name: string },
  work: (tx: Transaction) => Promise<T>,
): Promise<{ applied: true; result: T } | { applied: false }> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(jobEffects)
      .values({ queue: job.name, jobId: job.id })
      .onConflictDoNothing()
      .returning({ jobId: jobEffects.jobId });
    if (claimed.length === 0) return { applied: false as const };
    return { applied: true as const, result: await work(tx) };
  });
}
