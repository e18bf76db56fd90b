import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '../db';
import { applyOnce } from '../services/queue/apply-once';
import { createQueue } from '../services/queue/job-queue';
import { appendQueue } from './queue-test-worker-queue';

/*
 * A worker process of services/queue/queue-processes.test.ts (not a test itself): works the
 * `test.append` queue of DATABASE_URL, whose handler appends (job id, WORKER) to queue_test_effects
 * through applyOnce, and logs every attempt in queue_test_attempts. Prints `ready` once it works. With
 * HOLD_AFTER_EFFECTS=n, each job after the first n applies its effect, prints `holding <job id>` and
 * never returns, as a process that dies between a job's effect and its completion would (the test kills
 * it then).
 */

const databaseUrl = process.env.DATABASE_URL;
const worker = process.env.WORKER ?? 'worker';
const holdAfter = process.env.HOLD_AFTER_EFFECTS ? Number(process.env.HOLD_AFTER_EFFECTS) : Infinity;
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const logger = pino({ level: 'warn', base: { worker } }, pino.destination(2));
const handle = await openDatabase({ databaseUrl });
const queue = createQueue(handle, logger, { queues: appendQueue, superviseIntervalSeconds: 1 });
await queue.start();

let applied = 0;
await queue.work(
  'test.append',
  { batchSize: 25, localConcurrency: 2, pollingIntervalSeconds: 0.5 },
  async (job) => {
    await handle.db.execute(
      sql`insert into queue_test_attempts (job_id, process) values (${job.id}, ${worker})`,
    );
    const result = await applyOnce(handle.db, job, (tx) =>
      tx.execute(sql`insert into queue_test_effects (job_id, process) values (${job.id}, ${worker})`),
    );
    if (result.applied && ++applied > holdAfter) {
      process.stdout.write(`holding ${job.id}\n`);
      await new Promise(() => undefined);
    }
  },
);
process.stdout.write('ready\n');

process.on('SIGTERM', () => {
  void queue
    .stop()
    .then(() => handle.close())
    .then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'worker stop failed');
        process.exit(1);
      },
    );
});
