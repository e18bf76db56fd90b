import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db';
import { jobEffects } from '../../db/schema';
import { createTestApp, openTestDatabase } from '../../testing/test-app';
import { applyOnce } from './apply-once';
import { createQueue, keyedJobId, type JobQueue, type JobState } from './job-queue';

/*
 * The job queue on the file's own database: in-memory PGlite, or PostgreSQL with TEST_DATABASE_URL (CI
 * runs both). Several processes on one PostgreSQL database, one of them killed: queue-processes.test.ts.
 */

const queues = {
  'test.once': { retryLimit: 2, retryDelay: 1, expireInSeconds: 30 },
  'test.failing': { retryLimit: 2, retryDelay: 1, expireInSeconds: 30 },
  'test.keyed': { retryLimit: 2, retryDelay: 1, expireInSeconds: 30 },
  'test.slow': { retryLimit: 2, retryDelay: 1, expireInSeconds: 30 },
};
// The fastest pace pg-boss allows, so each test waits as little as it can.
const fast = { pollingIntervalSeconds: 0.5 };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// What the queue logs at warn and above; a 'job queue error' (a failed poll, maintenance pass or stop)
// fails the file.
const logged: { level: number; msg: string; err?: { message?: string } }[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });

let handle: DatabaseHandle;
let dropDatabase: () => Promise<void>;
let queue: JobQueue;
let startMs = 0;

beforeAll(async () => {
  ({ handle, dropDatabase } = await openTestDatabase());
  await handle.migrate();
  queue = createQueue(handle, logger, { queues, superviseIntervalSeconds: 1 });
  const began = performance.now();
  await queue.start();
  startMs = performance.now() - began;
});

afterAll(async () => {
  await queue?.stop();
  await handle?.close();
  await dropDatabase?.();
});

const state = (name: string, id: string) => queue.getJob(name, id);
const finished = (job: JobState | null) => job?.state === 'completed' || job?.state === 'failed';

describe(`job queue on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('starts: pg-boss installs its schema and the queues', async () => {
    // Written down in ADR 0048; the bound only catches a start that went badly wrong.
    console.info(`job queue first start (schema install): ${Math.round(startMs)} ms`);
    expect(startMs).toBeLessThan(15_000);
    const { rows } = await handle.db.execute<{ name: string }>(
      sql`select name from pgboss.queue where name like 'test.%' order by name`,
    );
    expect(rows.map((r) => r.name)).toEqual(Object.keys(queues).sort());
    // A second start is the same start.
    await queue.start();
  });

  it('refuses a queue it did not create', async () => {
    await expect(queue.send('test.unknown', {}, { db: handle.db })).rejects.toThrow(/No queue named/);
  });

  it('runs a job once and marks it completed', async () => {
    const runs: string[] = [];
    await queue.work<{ n: number }>('test.once', fast, async (job) => {
      runs.push(`${job.id}:${job.data.n}:${job.retryCount}`);
    });
    const { id, created } = await queue.send('test.once', { n: 7 }, { db: handle.db });
    expect(created).toBe(true);
    const done = await until(() => state('test.once', id), finished);
    expect(done?.state).toBe('completed');
    // Two more polls find nothing to run again.
    await sleep(1_200);
    expect(runs).toEqual([`${id}:7:0`]);
  });

  it('retries a failing job with exponential backoff, then marks it failed', async () => {
    const attempts: { at: number; retryCount: number }[] = [];
    await queue.work('test.failing', fast, async (job) => {
      attempts.push({ at: Date.now(), retryCount: job.retryCount });
      throw new Error(`provider said no (attempt ${job.retryCount + 1})`);
    });
    const { id } = await queue.send('test.failing', {}, { db: handle.db });
    const failed = await until(() => state('test.failing', id), finished, 20_000);
    expect(failed).toMatchObject({ state: 'failed', retryCount: 2 });
    expect(failed?.output).toEqual({ message: 'provider said no (attempt 3)' });
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    // retryDelay 1 with backoff: retry n waits between 2^(n-1) and 2^n seconds (plus up to a poll).
    const gaps = attempts.slice(1).map((a, i) => a.at - attempts[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(950);
    expect(gaps[1]).toBeGreaterThanOrEqual(1_950);
    // No attempt after the last one.
    await sleep(1_200);
    expect(attempts).toHaveLength(3);
  });

  it('queues a keyed job once, however often and however it is sent', async () => {
    const key = 'broadcast01:recipient01';
    const first = await queue.send('test.keyed', { to: 'a' }, { db: handle.db, key });
    expect(first).toEqual({ id: keyedJobId('test.keyed', key), created: true });
    // Again, and from inside a transaction (a request's), and in a batch with another key.
    expect(await queue.send('test.keyed', { to: 'a' }, { db: handle.db, key })).toEqual({
      id: first.id,
      created: false,
    });
    const inTransaction = await handle.db.transaction((tx) =>
      queue.send('test.keyed', { to: 'a' }, { db: tx, key }),
    );
    expect(inTransaction.created).toBe(false);
    const batch = await queue.sendMany(
      'test.keyed',
      [
        { data: { to: 'a' }, key },
        { data: { to: 'b' }, key: 'broadcast01:recipient02' },
        { data: { to: 'b' }, key: 'broadcast01:recipient02' },
      ],
      { db: handle.db },
    );
    expect(batch).toEqual([keyedJobId('test.keyed', 'broadcast01:recipient02')]);

    const runs: string[] = [];
    await queue.work<{ to: string }>('test.keyed', { ...fast, batchSize: 5 }, async (job) => {
      runs.push(job.data.to);
    });
    await until(() => state('test.keyed', batch[0]!), finished);
    await until(() => state('test.keyed', first.id), finished);
    // A job already done is not queued again either.
    expect((await queue.send('test.keyed', { to: 'a' }, { db: handle.db, key })).created).toBe(false);
    await sleep(1_200);
    expect(runs.sort()).toEqual(['a', 'b']);
  });

  it("queues nothing from a transaction that rolls back (the job commits with the request's writes)", async () => {
    const key = 'rolled-back';
    await expect(
      handle.db.transaction(async (tx) => {
        await queue.send('test.keyed', {}, { db: tx, key });
        throw new Error('the request failed');
      }),
    ).rejects.toThrow('the request failed');
    expect(await state('test.keyed', keyedJobId('test.keyed', key))).toBeNull();
  });

  it('applies a job’s effect once however often it runs, and not at all when its work fails', async () => {
    const job = { name: 'test.once', id: keyedJobId('test.once', 'effect') };
    const work = async () => 'sent';
    expect(await applyOnce(handle.db, job, work)).toEqual({ applied: true, result: 'sent' });
    expect(await applyOnce(handle.db, job, work)).toEqual({ applied: false });

    const other = { name: 'test.once', id: keyedJobId('test.once', 'effect-fails') };
    await expect(
      applyOnce(handle.db, other, async () => {
        throw new Error('database work failed');
      }),
    ).rejects.toThrow('database work failed');
    expect(await applyOnce(handle.db, other, work)).toEqual({ applied: true, result: 'sent' });
    const { rows } = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${jobEffects} where ${jobEffects.queue} = 'test.once'`,
    );
    expect(rows[0]?.n).toBe(2);
  });

  // Last: it stops the queue.
  it('stop waits for the running job to finish', async () => {
    let release: () => void = () => undefined;
    const running = new Promise<void>((r) => (release = r));
    let started = false;
    let finishedAt = 0;
    await queue.work('test.slow', fast, async (job) => {
      started = true;
      await running;
      await applyOnce(handle.db, job, async () => undefined);
      finishedAt = Date.now();
    });
    const { id } = await queue.send('test.slow', {}, { db: handle.db });
    await until(
      async () => started,
      (s) => s,
    );
    setTimeout(release, 1_000);
    await queue.stop();
    const stoppedAt = Date.now();
    expect(finishedAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeGreaterThanOrEqual(finishedAt);
    expect(queue.started).toBe(false);
    const { rows } = await handle.db.execute<{ state: string }>(
      sql`select state from pgboss.job where name = 'test.slow' and id = ${id}`,
    );
    expect(rows[0]?.state).toBe('completed');
    // Stopped, it refuses to send.
    await expect(queue.send('test.slow', {}, { db: handle.db })).rejects.toThrow(/not started/);
  });

  it('logged no queue error, and each failed attempt as a warning', () => {
    expect(logged.filter((l) => l.msg !== 'job failed')).toEqual([]);
    expect(logged.filter((l) => l.msg === 'job failed')).toHaveLength(3);
  });
});

describe('the job queue of a test app', () => {
  // Without { startQueue: true } it is made but not started (nothing is paid); a stopped queue's
  // refusal is checked above.
  it('starts when the test asks, and stops with the app', async () => {
    const t = await createTestApp({}, { startQueue: true, queues });
    expect(t.queue.started).toBe(true);
    const { id } = await t.queue.send('test.once', { n: 1 }, { db: t.db });
    expect((await t.queue.getJob('test.once', id))?.state).toBe('created');
    await t.close();
    expect(t.queue.started).toBe(false);
  });
});
