import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, JobResult, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { DatabaseHandle, DbExecutor } from '../../db';
import { pgliteQueueDatabase } from './pglite-adapter';
import { productQueues, type QueueDefinition } from './queues';

/*
 * Durable jobs (ADR 0048): pg-boss over the app's own database, in its own schema (`pgboss`), which
 * pg-boss creates and migrates at start. This wrapper exposes only what the product uses: the queues
 * declared in queues.ts, keyed (deduplicated) sends that commit with the caller's transaction, per-job
 * handlers with retries and exponential backoff, a per-queue pace, and a stop that lets running jobs
 * finish. A handler makes its effect happen once with `applyOnce` (apply-once.ts).
 */

/** The job a handler gets. */
export interface QueueJob<T> {
  /** pg-boss's id: the same on every attempt, derived from the send's `key` when it had one. */
  id: string;
  /** The queue's name. */
  name: string;
  data: T;
  /** 0 on the first attempt, then 1, 2 … */
  retryCount: number;
  /** Aborted when the job is no longer this worker's (it expired, or the stop's grace ran out). */
  signal: AbortSignal;
}

export interface SendOptions {
  /**
   * The handle the job is written through: the request's `c.var.db` in a route (the job then commits
   * or rolls back with the request's own writes), or the pool outside requests. Required because on
   * PGlite a send through the pool from inside a transaction would wait for that same transaction.
   */
  db: DbExecutor;
  /**
   * The logical job's identity, e.g. `${broadcastId}:${recipientId}`. The job's id is derived from
   * the queue and the key, so a second send of the same key creates nothing while the first job is
   * kept (queued, running, or done within the queue's `deleteAfterSeconds`).
   */
  key?: string;
  /** Not before this moment (a scheduled campaign's send time); at once when absent or past. */
  startAfter?: Date;
}

export interface WorkOptions {
  /** Jobs fetched at once; they run side by side. Default 1. */
  batchSize?: number;
  /** Fetch loops in this process. Default 1. */
  localConcurrency?: number;
  /**
   * Seconds between fetches (at least 0.5; default 2). A loop fetches again only after this much time
   * since its last fetch began, so one process starts at most batchSize × localConcurrency jobs per
   * pollingIntervalSeconds: the queue's pace per process.
   */
  pollingIntervalSeconds?: number;
}

export interface JobState {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  /** A failed attempt's `{ message }`, else null. */
  output: unknown;
}

export interface JobQueue {
  /**
   * Creates pg-boss's schema (or migrates it) and the declared queues, and starts maintenance. Safe to
   * call again. Must be called before the first send or work: on PGlite, starting needs turns that a
   * caller's transaction might be holding, so nothing starts the queue implicitly.
   */
  start(): Promise<void>;
  /**
   * Stops fetching, waits for running jobs up to `graceMs` (default 8 s, inside server/index.ts's 10 s
   * forced exit), then fails what still runs (it is retried) and stops. Safe to call before start.
   */
  stop(graceMs?: number): Promise<void>;
  /** Queues one job. `created` is false when a job with the same key already exists. */
  send<T extends object>(
    name: string,
    data: T,
    options: SendOptions,
  ): Promise<{ id: string; created: boolean }>;
  /**
   * Queues many jobs in few statements (a broadcast's recipients), skipping keys already queued.
   * Resolves to the ids of the jobs created.
   */
  sendMany<T extends object>(
    name: string,
    jobs: { data: T; key?: string }[],
    options: Pick<SendOptions, 'db'>,
  ): Promise<string[]>;
  /**
   * Runs `handler` for each job of the queue in this process. A handler that throws fails that job
   * (retried with backoff, then marked failed); one that resolves completes it. Jobs may run more than
   * once (a process killed after the work but before the job was marked done): make the effect
   * idempotent with `applyOnce`.
   */
  work<T>(name: string, options: WorkOptions, handler: (job: QueueJob<T>) => Promise<void>): Promise<void>;
  /** A job's state, or null when it is unknown (or already deleted). */
  getJob(name: string, id: string, options?: Partial<Pick<SendOptions, 'db'>>): Promise<JobState | null>;
  /** True between a finished start and the next stop. */
  readonly started: boolean;
}

export interface CreateQueueOptions {
  /** The queues to create; the product's (queues.ts) by default. */
  queues?: Record<string, QueueDefinition>;
  /**
   * Seconds between maintenance passes, which also find jobs that outran `expireInSeconds` (a killed
   * process's) and retry them (default 60). Tests use 1.
   */
  superviseIntervalSeconds?: number;
}

/** The job id of a keyed send: a UUID from a hash of the queue and the key (RFC 9562 version 8). */
export function keyedJobId(queue: string, key: string): string {
  const bytes = createHash('sha256').update(`${queue}\n${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The most jobs one insert statement carries. */
const SEND_MANY_CHUNK = 1_000;

export function createQueue(
  handle: Pick<DatabaseHandle, 'direct'>,
  logger: Logger,
  options: CreateQueueOptions = {},
): JobQueue {
  const queues = options.queues ?? productQueues;
  const supervise = options.superviseIntervalSeconds ?? 60;
  // Made at the first start: pg-boss's import alone takes about half a second, which a test app that
  // never starts its queue (createTestApp without startQueue) should not pay.
  let boss: PgBoss | null = null;
  // pg-boss's statements for one job go through the caller's handle (its transaction, if any).
  let through: (db: DbExecutor) => Db = () => {
    throw new Error('The job queue is not started');
  };
  const load = async (): Promise<PgBoss> => {
    if (boss) return boss;
    const pgBoss = await import('pg-boss');
    through = (db) => pgBoss.fromDrizzle(db, sql);
    boss = new pgBoss.PgBoss({
      ...(handle.direct.kind === 'postgres'
        ? // A small pool of its own, named so an operator finds it in pg_stat_activity. Sends do not use it:
          // they go through the caller's handle.
          { connectionString: handle.direct.connectionString, max: 4, application_name: 'ngo-portal-queue' }
        : { db: pgliteQueueDatabase(handle.direct), backend: 'pglite' as const }),
      schema: 'pgboss',
      // No cron schedules yet (sendAfter-style delays do not need them); turn on when a system needs one.
      schedule: false,
      superviseIntervalSeconds: supervise,
      // Expiry is checked on monitor passes, so the two go together.
      monitorIntervalSeconds: supervise,
      instanceName: 'ngo-portal',
      // No OpenTelemetry SDK is registered; this also keeps trace context out of the job rows.
      openTelemetry: { enabled: false },
    });
    boss.on('error', (err) => logger.error({ err }, 'job queue error'));
    boss.on('warning', (warning) => logger.warn({ warning: warning.message }, 'job queue warning'));
    return boss;
  };

  let starting: Promise<void> | null = null;
  let started = false;

  /** The started pg-boss, for a queue of ours. */
  const running = (name: string): PgBoss => {
    // An unknown name would make pg-boss look the queue up through its own connection, which on PGlite
    // waits behind the caller's transaction (pglite-adapter.ts); and it is a typo anyway.
    if (!Object.hasOwn(queues, name)) throw new Error(`No queue named ${name} (services/queue/queues.ts)`);
    if (!started || !boss) {
      throw new Error(
        'The job queue is not started: server/index.ts starts it; a test passes { startQueue: true } to createTestApp',
      );
    }
    return boss;
  };

  return {
    get started() {
      return started;
    },

    start() {
      starting ??= (async () => {
        const began = performance.now();
        const boss = await load();
        await boss.start();
        for (const [name, definition] of Object.entries(queues)) {
          const settings = { ...definition, retryBackoff: true };
          // createQueue leaves an existing queue as it was; updateQueue applies an edited definition.
          await boss.createQueue(name, settings);
          await boss.updateQueue(name, settings);
        }
        started = true;
        logger.info(
          { ms: Math.round(performance.now() - began), queues: Object.keys(queues) },
          'job queue started',
        );
      })().catch((error: unknown) => {
        starting = null;
        throw error;
      });
      return starting;
    },

    async stop(graceMs = 8_000) {
      if (!starting) return;
      await starting.catch(() => undefined);
      // Jobs finishing during the grace may still send follow-up jobs, so `started` stays true until then.
      await boss?.stop({ graceful: true, timeout: graceMs });
      started = false;
      starting = null;
    },

    async send(name, data, { db, key, startAfter }) {
      const boss = running(name);
      const id = key === undefined ? undefined : keyedJobId(name, key);
      const created = await boss.send(name, data, {
        db: through(db),
        ...(startAfter && { startAfter }),
        ...(key !== undefined && { id, singletonKey: key }),
      });
      if (created) return { id: created, created: true };
      if (id) return { id, created: false };
      throw new Error(`The job queue did not create a job in ${name}`);
    },

    async sendMany(name, jobs, { db }) {
      const boss = running(name);
      // pg-boss refuses a batch naming one id twice: of a key's jobs, the first is the one kept.
      const seen = new Set<string>();
      const unique = jobs.filter(({ key }) => key === undefined || (!seen.has(key) && !!seen.add(key)));
      const created: string[] = [];
      for (let i = 0; i < unique.length; i += SEND_MANY_CHUNK) {
        const chunk = unique
          .slice(i, i + SEND_MANY_CHUNK)
          .map(({ data, key }) =>
            key === undefined ? { data } : { data, id: keyedJobId(name, key), singletonKey: key },
          );
        created.push(...((await boss.insert(name, chunk, { db: through(db), returnId: true })) ?? []));
      }
      return created;
    },

    async work<T>(name: string, options: WorkOptions, handler: (job: QueueJob<T>) => Promise<void>) {
      const boss = running(name);
      await boss.work<T>(name, { ...options, perJobResults: true }, async (jobs) =>
        // Each job settles on its own: one failing job of a batch is retried alone.
        Promise.all(
          jobs.map(async (job): Promise<JobResult> => {
            try {
              await handler({
                id: job.id,
                name: job.name,
                data: job.data,
                retryCount: job.retryCount,
                signal: job.signal,
              });
              return { id: job.id, status: 'completed' };
            } catch (err) {
              logger.warn({ err, queue: name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
              // The message only: the job row is kept for days and must not hold a stack or a query.
              const message = err instanceof Error ? err.message : String(err);
              return { id: job.id, status: 'failed', output: { message } };
            }
          }),
        ),
      );
    },

    async getJob(name, id, { db } = {}) {
      const boss = running(name);
      const [job] = await boss.findJobs(name, { id, ...(db && { db: through(db) }) });
      if (!job) return null;
      return { id: job.id, state: job.state, retryCount: job.retryCount, output: job.output ?? null };
    },
  };
}
