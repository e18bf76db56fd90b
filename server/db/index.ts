import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type QueryOptions, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = ReturnType<typeof drizzlePglite<typeof schema>>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: code that may run inside a request's transaction takes this. */
export type DbExecutor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  /**
   * LISTENs on `channel` and calls `onPayload` with each notification's payload; resolves to the
   * function that stops listening. Notifications are delivered on commit, never for a rollback.
   * On PostgreSQL the LISTEN runs on a connection of its own that is reopened when lost (1 s, 2 s, …
   * 30 s apart); notifications sent meanwhile are lost, so `onReconnect` is called once it listens again.
   */
  listen: (
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ) => Promise<() => Promise<void>>;
  /**
   * The same database for a library that runs its own SQL beside Drizzle (the job queue,
   * services/queue, ADR 0048). On PostgreSQL, the connection string: the library opens a small pool of
   * its own. On PGlite, never a second instance on the data folder: `inTurn` runs `work` on this
   * instance as one turn of the handle's FairTurns, so whatever it sends (one statement, or a
   * multi-statement BEGIN … COMMIT string) runs whole between Drizzle's statements and transactions,
   * never inside one.
   */
  direct:
    | { kind: 'postgres'; connectionString: string }
    | { kind: 'pglite'; inTurn: <T>(work: (client: PGlite) => Promise<T>) => Promise<T> };
  close: () => Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Runs work one piece at a time, in arrival order, each piece on its own turn of the event loop
 * (started from setImmediate, never straight from the caller or the previous piece).
 *
 * Why (issue 11, ADR 0021): PGlite runs a statement synchronously in WebAssembly (1.5 ms for the
 * demo listing). Started straight from a request handler, each statement ran inside the callback
 * that read its request, so one turn of the event loop read every ready socket and answered each in
 * full: 200 connections made turns of a quarter of a second and more. Node's libuv (≥ 1.45) accepts
 * one new connection per turn, so new connections waited in the kernel's accept backlog, over 10 s
 * for about half of them, again after each reconnect, while the connections already accepted were
 * answered in turn. With one statement per turn, a turn is short, every turn accepts a connection
 * and reads the sockets, and a request waits only for the statements queued ahead of it.
 */
export class FairTurns {
  readonly #waiting: (() => void)[] = [];
  /** A piece is running, or scheduled to start on the next turn. */
  #busy = false;

  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push(() => {
        let done: Promise<T>;
        try {
          done = work();
        } catch (error) {
          done = Promise.reject(error);
        }
        done.then(resolve, reject).finally(() => this.#next());
      });
      if (!this.#busy) this.#next();
    });
  }

  /** Pieces waiting for their turn (not counting the one running). */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Schedules the next piece for the next turn, or notes that there is none. */
  #next() {
    this.#busy = this.#waiting.length > 0;
    if (this.#busy) setImmediate(() => this.#waiting.shift()?.());
  }
}

/**
 * The embedded database as Drizzle uses it (query and transaction), each statement or whole
 * transaction taking its turn through `turns`. Queries inside a transaction go through the
 * transaction's own handle, so they never wait behind it; querying the outer handle while a
 * transaction is open waits for it to end (as PGlite's own lock already did), which is why handlers
 * only query the request's handle (http/request-db.ts).
 */
function takingTurns(client: PGlite, turns: FairTurns) {
  return {
    query: <T>(query: string, params?: unknown[], options?: QueryOptions) =>
      turns.run(() => client.query<T>(query, params, options)),
    exec: (query: string, options?: QueryOptions) => turns.run(() => client.exec(query, options)),
    transaction: <T>(callback: (tx: PGliteTransaction) => Promise<T>) =>
      turns.run(() => client.transaction(callback)),
  };
}

/**
 * A throwaway database holds a test file's few rows in memory already: Postgres's default 128 MB of
 * shared buffers (and slots for 100 connections) were half of each file's 1 s start, set up for nothing.
 */
const throwawayStartParams = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB', '-c', 'max_connections=10'],
];

/**
 * `memory` gives a throwaway embedded database (tests), `memoryFrom` one that starts from a dumped
 * data directory (the tests' migrated snapshot); a URL gives PostgreSQL; else PGlite under dataDir.
 */
export async function openDatabase(
  target: { databaseUrl: string } | { dataDir: string } | { memoryFrom: Blob } | 'memory',
): Promise<DatabaseHandle> {
  if (target !== 'memory' && 'databaseUrl' in target) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    // An idle connection ended by the database (restart, failover, a forced drop) is an 'error'
    // event; unhandled, it would crash the process. The pool has already discarded that client and
    // the next query opens a fresh one, so there is nothing else to do.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      direct: { kind: 'postgres', connectionString: target.databaseUrl },
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      listen: async (channel, onPayload, onReconnect) => {
        const stop = await postgresListen(
          { connectionString: target.databaseUrl },
          channel,
          onPayload,
          onReconnect,
        );
        const unlisten = async () => {
          listeners.delete(unlisten);
          await stop();
        };
        listeners.add(unlisten);
        return unlisten;
      },
      close: async () => {
        await Promise.allSettled([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  let client: PGlite;
  if (target === 'memory') {
    client = await PGlite.create({ startParams: throwawayStartParams });
  } else if ('memoryFrom' in target) {
    client = await PGlite.create({ loadDataDir: target.memoryFrom, startParams: throwawayStartParams });
  } else {
    const dir = resolve(join(target.dataDir, 'pglite'));
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  const turns = new FairTurns();
  const fair = takingTurns(client, turns);
  // Drizzle only calls query and transaction on its client (drizzle-orm/pglite/session).
  const db = drizzlePglite(fair as unknown as PGlite, { schema });
  return {
    db,
    kind: 'pglite',
    direct: { kind: 'pglite', inTurn: (work) => turns.run(() => work(client)) },
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await fair.query('select 1');
    },
    // One instance, one session: a NOTIFY of any transaction reaches this instance's listeners when
    // that transaction commits (server/db/listen.test.ts).
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

export const LISTEN_APPLICATION_NAME = 'ngo-portal-listen';
/** How long the LISTEN connection may take to answer its health check before it is dropped and reopened. */
const LISTEN_CHECK_EVERY_MS = 30_000;
const LISTEN_CHECK_TIMEOUT_MS = 10_000;
const LISTEN_RETRY_MIN_MS = 1_000;
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * LISTEN on a PostgreSQL connection of its own (a pooled one would be handed to other queries and
 * lose the LISTEN; compare services/storage/upload-locker.ts). The connection is checked every 30 s:
 * a connection cut without a FIN (a NAT or a failover dropping it) raises no error for hours, and a
 * LISTEN on it would wait silently. When it is lost it is reopened with backoff, and `onReconnect` says
 * notifications may have been missed. The first connection's failure is thrown to the caller.
 */
async function postgresListen(
  config: pg.ClientConfig,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retryMs = LISTEN_RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const open = async () => {
    // Named, so an operator (or a test cutting it) finds it in pg_stat_activity.
    const c = new pg.Client({ ...config, keepAlive: true, application_name: LISTEN_APPLICATION_NAME });
    // Errors of a client that is no longer (or not yet) the current one are expected and ignored.
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (message) => {
      if (c === current && message.channel === channel) onPayload(message.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen ${c.escapeIdentifier(channel)}`);
    } catch (error) {
      void c.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    current = c;
  };
  const lost = (c: pg.Client) => {
    if (c !== current) return;
    current = null;
    void c.end().catch(() => undefined);
    if (!stopped) scheduleRetry();
  };
  const scheduleRetry = () => {
    retryTimer = setTimeout(() => {
      open().then(
        () => {
          retryMs = LISTEN_RETRY_MIN_MS;
          if (!stopped) onReconnect?.();
        },
        () => {
          retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
          if (!stopped) scheduleRetry();
        },
      );
    }, retryMs);
    retryTimer.unref();
  };
  const check = setInterval(() => {
    const c = current;
    if (!c) return;
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timeout = setTimeout(
        () => reject(new Error('LISTEN connection check timed out')),
        LISTEN_CHECK_TIMEOUT_MS,
      );
    });
    Promise.race([c.query('select 1'), timedOut])
      .catch(() => lost(c))
      .finally(() => clearTimeout(timeout));
  }, LISTEN_CHECK_EVERY_MS);
  check.unref();

  try {
    await open();
  } catch (error) {
    clearInterval(check);
    throw error;
  }
  return async () => {
    stopped = true;
    clearInterval(check);
    clearTimeout(retryTimer);
    const c = current;
    current = null;
    if (c) await c.end().catch(() => undefined);
  };
}

export { schema };
