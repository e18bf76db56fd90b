import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db';
import { createQueue, type JobQueue } from './job-queue';
import { appendQueue } from '../../testing/queue-test-worker-queue';
import {
  ADMIN_URL,
  postgresAnswers,
  startWorker,
  stopWorker,
  throwawayDatabase,
  type Worker,
} from '../../testing/worker-processes';

/*
 * Two worker processes (server/testing/queue-test-worker.ts) on one PostgreSQL database take 500 jobs;
 * one is killed with SIGKILL mid-run, right after some of its jobs applied their effect and before they
 * were marked done, and started again. Every job ends completed, and no job's effect was applied twice
 * (ADR 0048). Needs PostgreSQL at 127.0.0.1:5432 (TEST_DATABASE_URL); skipped when it does not answer.
 * PGlite is one process's database, so it has no such case.
 */

const JOBS = 500;
const WORKER_SCRIPT = 'server/testing/queue-test-worker.ts';

const available = await postgresAnswers();
if (!available) console.warn(`queue-processes.test.ts skipped: no PostgreSQL answers at ${ADMIN_URL}`);

describe.skipIf(!available)('the job queue across worker processes on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
  let databaseUrl = '';
  let handle: DatabaseHandle;
  let producer: JobQueue;
  const workers: Worker[] = [];

  const count = async (query: ReturnType<typeof sql>) =>
    Number((await handle.db.execute<{ n: string }>(query)).rows[0]?.n);

  beforeAll(async () => {
    database = await throwawayDatabase('ngo_queue');
    databaseUrl = database.url;
    handle = await openDatabase({ databaseUrl });
    await handle.migrate();
    // Deliberately without a unique key: a second application of a job's effect would show as a second row.
    await handle.db.execute(
      sql`create table queue_test_effects (job_id uuid not null, process text not null)`,
    );
    await handle.db.execute(
      sql`create table queue_test_attempts (job_id uuid not null, process text not null)`,
    );
    producer = createQueue(handle, pino({ level: 'silent' }), {
      queues: appendQueue,
      superviseIntervalSeconds: 1,
    });
    await producer.start();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(workers.map((w) => stopWorker(w, 'SIGKILL')));
    await producer?.stop();
    await handle?.close();
    await database?.drop();
  });

  it('every job completes and applies its effect once, though a worker was killed mid-run', async () => {
    const jobs = Array.from({ length: JOBS }, (_, i) => ({ data: { n: i }, key: `job${i}` }));
    expect(await producer.sendMany('test.append', jobs, { db: handle.db })).toHaveLength(JOBS);
    // Sent again (a producer that crashed and resumed its loop): nothing new.
    expect(await producer.sendMany('test.append', jobs, { db: handle.db })).toEqual([]);

    // A holds (as if it died) every job after its 50th effect; B works normally.
    const a = startWorker(WORKER_SCRIPT, databaseUrl, 'A', { HOLD_AFTER_EFFECTS: '50' });
    const b = startWorker(WORKER_SCRIPT, databaseUrl, 'B');
    workers.push(a, b);
    await Promise.all([a.line((l) => l === 'ready'), b.line((l) => l === 'ready')]);

    await a.line((l) => l.startsWith('holding '));
    expect(await stopWorker(a, 'SIGKILL')).toBeNull();
    // Applied, never completed: the jobs the killed process held.
    const stranded = a.lines.filter((l) => l.startsWith('holding ')).map((l) => l.slice('holding '.length));
    expect(stranded.length).toBeGreaterThan(0);

    const a2 = startWorker(WORKER_SCRIPT, databaseUrl, 'A2');
    workers.push(a2);
    await a2.line((l) => l === 'ready');

    const deadline = Date.now() + 25_000;
    for (;;) {
      const completed = await count(
        sql`select count(*) as n from pgboss.job where name = 'test.append' and state = 'completed'`,
      );
      if (completed === JOBS) break;
      if (Date.now() > deadline) throw new Error(`only ${completed} of ${JOBS} jobs completed`);
      await new Promise((r) => setTimeout(r, 250));
    }

    // Each job's effect exactly once, and only for the jobs sent.
    expect(await count(sql`select count(*) as n from queue_test_effects`)).toBe(JOBS);
    expect(await count(sql`select count(distinct job_id) as n from queue_test_effects`)).toBe(JOBS);
    expect(
      await count(
        sql`select count(*) as n from queue_test_effects e
            where not exists (select 1 from pgboss.job j where j.name = 'test.append' and j.id = e.job_id)`,
      ),
    ).toBe(0);
    // The stranded jobs ran again after the kill, and their second run found the effect applied.
    for (const id of stranded) {
      const { rows } = await handle.db.execute<{ process: string }>(
        sql`select process from queue_test_attempts where job_id = ${id} order by process`,
      );
      expect(rows.length, id).toBeGreaterThanOrEqual(2);
      const effects = await handle.db.execute<{ process: string }>(
        sql`select process from queue_test_effects where job_id = ${id}`,
      );
      expect(effects.rows).toEqual([{ process: 'A' }]);
    }
    // Both processes took jobs before the kill.
    expect(
      await count(sql`select count(*) as n from queue_test_effects where process = 'A'`),
    ).toBeGreaterThan(50);
    expect(
      await count(sql`select count(*) as n from queue_test_effects where process = 'B'`),
    ).toBeGreaterThan(0);

    const attempts = await count(sql`select count(*) as n from queue_test_attempts`);
    console.info(
      `${JOBS} jobs, ${attempts} attempts, ${stranded.length} stranded by the kill and run again without effect`,
    );

    // The live workers stop cleanly.
    expect(await stopWorker(b)).toBe(0);
    expect(await stopWorker(a2)).toBe(0);
  }, 60_000);
});
