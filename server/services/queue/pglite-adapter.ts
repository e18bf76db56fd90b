import type { Db } from 'pg-boss';
import type { DatabaseHandle } from '../../db';

type EmbeddedAccess = Extract<DatabaseHandle['direct'], { kind: 'pglite' }>;

/**
 * pg-boss's database interface over the app's one embedded PGlite (ADR 0048): never a second instance
 * on the data folder, and every statement pg-boss sends takes its turn with the app's own (FairTurns,
 * server/db/index.ts), as a Drizzle statement or a whole Drizzle transaction does.
 *
 * Why it cannot deadlock with a request's transaction: a turn is one statement, one multi-statement
 * string, or one whole transaction, and nothing inside a turn waits for another turn.
 * - pg-boss's own transactions (its `locked()` BEGIN … COMMIT blocks: create queue, maintenance) are
 *   single strings, so each runs whole in one turn. This adapter offers no `beginTransaction`, so pg-boss
 *   can never hold a transaction open across turns (it refuses `transactional` workers without it).
 * - Its polling and its timers only queue turns: while a request's transaction runs, a poll waits for
 *   it, then runs; it never holds anything the transaction waits for.
 * - The only way to wait on a turn from inside a turn is to query the pool from inside a transaction,
 *   which is why the queue's `send` takes the caller's handle (`c.var.db`, the request's transaction
 *   when there is one) and writes the job through it (services/queue/job-queue.ts), and why it refuses
 *   queue names it did not create: an unknown name would make pg-boss read its queue table through the
 *   pool, behind the caller's own transaction.
 *
 * The same as pg-boss's own `fromPglite`, except for the turn, and that a failed statement's ROLLBACK
 * runs in the same turn: a failed BEGIN … COMMIT string leaves PGlite's one session in an aborted
 * transaction, and a request's statement queued behind it would otherwise run inside that transaction
 * and fail ("current transaction is aborted").
 */
export function pgliteQueueDatabase(embedded: EmbeddedAccess): Db {
  return {
    executeSql: (text, values) =>
      embedded.inTurn(async (client) => {
        try {
          if (values?.length) {
            const { rows } = await client.query(text, values);
            return { rows };
          }
          // No parameters: maybe several statements (query() takes one), e.g. a BEGIN … RETURNING …
          // COMMIT block, whose RETURNING rows must not be lost behind the COMMIT.
          const results = await client.exec(text);
          return { rows: results.flatMap((r) => r.rows) };
        } catch (error) {
          // Outside a transaction a ROLLBACK does nothing (not even a warning on PGlite).
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
  };
}
