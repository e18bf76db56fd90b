import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The effects of durable jobs that already happened (services/queue/apply-once.ts, ADR 0048): a job's
 * handler inserts its job's row in the same transaction as the work it does, and a job whose row is
 * already there does nothing. pg-boss may run a job more than once (its worker died after the work
 * committed but before the job was marked done, or it outran its expiry), so this row, not the job's
 * state, is what makes an effect happen once. The jobs themselves live in pg-boss's own schema
 * (`pgboss`), which pg-boss creates and migrates itself.
 */
export const jobEffects = pgTable(
  'job_effects',
  {
    queue: text('queue').notNull(),
    /** pg-boss's job id (a UUID; derived from the send's key when it had one). */
    jobId: uuid('job_id').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.queue, t.jobId] }), index('job_effects_applied_at_idx').on(t.appliedAt)],
);
