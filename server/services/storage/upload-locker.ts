import { createHash, randomBytes } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import pg from 'pg';
import type { Database } from '../../db';

/*
 * The lock of a resumable upload (ADR 0031), shared by every server process over one database.
 *
 * @tus/server takes a lock on an upload for each HEAD, PATCH and DELETE; its default lock lives in one
 * process's memory, so two replicas behind a load balancer could both append to one upload. Here the
 * lock is a Postgres session-level advisory lock on a 64-bit hash of the upload id, taken with
 * pg_try_advisory_lock on a connection kept for locks only (never the pool's: a lock must stay with
 * the session that took it for the whole request, and a slow upload on 2G holds it for minutes).
 *
 * One such connection per process holds all of the process's upload locks. Advisory locks are
 * re-entrant within a session, so the process's own requests are kept apart by `held` first; the
 * database then keeps processes apart. A request that finds the upload locked asks the holder to let
 * go (tus' "request release": the holder stops reading its body, keeps what arrived and unlocks) —
 * in this process directly, in another one with NOTIFY, which every lock connection LISTENs to — and
 * polls until it gets the lock or its time is up (423 then). A lost connection loses its locks, so
 * every holder is asked to stop at once.
 *
 * The embedded database (PGlite) is one process with one session: the same code runs over it, and
 * `held` alone does the excluding (no advisory lock is taken there).
 */

/** What the locker needs of a database session. */
export interface LockSession {
  tryLock(key: string): Promise<boolean>;
  unlock(key: string): Promise<void>;
  /** Asks whichever other process holds the lock of `id` to release it. */
  askRelease(id: string): Promise<void>;
  /** `onAsked(id)` when another process asks; `onLost()` when the session and its locks are gone. */
  listen(handlers: { onAsked: (id: string) => void; onLost: () => void }): void;
  close(): Promise<void>;
}

const CHANNEL = 'upload_lock_release';

/** A signed 64-bit advisory lock key for an upload id, in a namespace of its own. */
export const uploadLockKey = (id: string) =>
  createHash('sha256').update(`upload:${id}`).digest().readBigInt64BE(0).toString();

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

export interface UploadLockerOptions {
  /** How long a request waits for a lock before giving up (423). */
  acquireTimeoutMs?: number;
  /** Between two tries at a lock another process holds. */
  pollMs?: number;
}

export class UploadLocker implements Locker {
  /** Locks held (or being taken) by this process, with how to ask their holder to let go. */
  readonly held = new Map<string, { requestRelease: RequestRelease }>();
  readonly acquireTimeoutMs: number;
  readonly pollMs: number;

  constructor(
    readonly session: LockSession,
    options: UploadLockerOptions = {},
  ) {
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.pollMs = options.pollMs ?? 100;
    session.listen({
      onAsked: (id) => void this.held.get(id)?.requestRelease(),
      onLost: () => {
        for (const entry of this.held.values()) void entry.requestRelease();
      },
    });
  }

  newLock(id: string): Lock {
    return new UploadLock(id, this);
  }

  close() {
    return this.session.close();
  }
}

class UploadLock implements Lock {
  #locked = false;

  constructor(
    private readonly id: string,
    private readonly locker: UploadLocker,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { held, session, acquireTimeoutMs, pollMs } = this.locker;
    const key = uploadLockKey(this.id);
    const deadline = Date.now() + acquireTimeoutMs;
    let askedAt = 0;
    for (let attempt = 0; ; attempt++) {
      if (stopSignal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      const mine = held.get(this.id);
      if (!mine) {
        // Claimed here before the database is asked, so two requests of this process never both try.
        const entry = { requestRelease };
        held.set(this.id, entry);
        let taken = false;
        try {
          taken = await session.tryLock(key);
        } finally {
          if (!taken && held.get(this.id) === entry) held.delete(this.id);
        }
        if (taken) {
          this.#locked = true;
          return;
        }
      }
      // Ask the holder to let go now and then, not on every poll: its cancel is delayed (lockDrainTimeout).
      if (Date.now() - askedAt > 1_000) {
        askedAt = Date.now();
        if (mine) await mine.requestRelease();
        else await session.askRelease(this.id);
      }
      if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await sleep(Math.min(pollMs * 2 ** Math.min(attempt, 3), 1_000), stopSignal);
    }
  }

  async unlock(): Promise<void> {
    if (!this.#locked) return;
    this.#locked = false;
    try {
      await this.locker.session.unlock(uploadLockKey(this.id));
    } finally {
      this.locker.held.delete(this.id);
    }
  }
}

/**
 * Locks on PostgreSQL: one connection of their own (same settings as the pool), opened on first use
 * and closed after a few idle seconds, listening for release requests. Notifications carry the
 * sender's token, so a process never answers its own.
 */
export function postgresLockSession(config: pg.ClientConfig, idleCloseMs = 5_000): LockSession {
  const token = randomBytes(6).toString('hex');
  let client: Promise<pg.Client> | null = null;
  let locks = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let handlers: { onAsked: (id: string) => void; onLost: () => void } | undefined;

  const lost = (c: pg.Client) => () => {
    void client?.then((current) => {
      if (current !== c) return;
      client = null;
      locks = 0;
      handlers?.onLost();
    });
  };
  const connect = () => {
    client ??= (async () => {
      const c = new pg.Client(config);
      c.on('error', lost(c));
      c.on('end', lost(c));
      c.on('notification', (message) => {
        const [from, id] = (message.payload ?? '').split(':');
        if (from !== token && id) handlers?.onAsked(id);
      });
      try {
        await c.connect();
        await c.query(`listen ${CHANNEL}`);
      } catch (error) {
        client = null;
        void c.end().catch(() => undefined);
        throw error;
      }
      return c;
    })();
    return client;
  };
  const scheduleIdleClose = () => {
    clearTimeout(idleTimer);
    if (locks > 0) return;
    idleTimer = setTimeout(() => {
      const current = client;
      if (locks > 0 || !current) return;
      client = null;
      void current.then((c) => c.end()).catch(() => undefined);
    }, idleCloseMs);
    idleTimer.unref();
  };

  return {
    async tryLock(key) {
      clearTimeout(idleTimer);
      const c = await connect();
      const result = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [key]);
      const ok = result.rows[0]?.ok === true;
      if (ok) locks++;
      else scheduleIdleClose();
      return ok;
    },
    async unlock(key) {
      const current = client;
      if (!current) return;
      try {
        await (await current).query('select pg_advisory_unlock($1::bigint)', [key]);
      } finally {
        locks = Math.max(0, locks - 1);
        scheduleIdleClose();
      }
    },
    async askRelease(id) {
      const c = await connect();
      await c.query('select pg_notify($1, $2)', [CHANNEL, `${token}:${id}`]);
      scheduleIdleClose();
    },
    listen(h) {
      handlers = h;
    },
    async close() {
      clearTimeout(idleTimer);
      const current = client;
      client = null;
      if (current) await (await current).end().catch(() => undefined);
    },
  };
}

/**
 * Locks on the embedded database: one process owns its folder (PGlite locks it), so `held` alone keeps
 * requests apart and the database is not asked: an advisory lock there excluded nothing `held` did
 * not, and cost two queries on every chunk.
 */
export function embeddedLockSession(): LockSession {
  return {
    tryLock: async () => true,
    unlock: async () => {},
    // One process: a holder is always in `held`, asked directly.
    askRelease: async () => {},
    listen: () => {},
    close: async () => {},
  };
}

/** The locker for the app's database: a connection of its own on PostgreSQL, the session on PGlite. */
export function uploadLockerFor(db: Database, options?: UploadLockerOptions): UploadLocker {
  const client = (db as unknown as { $client: unknown }).$client;
  const session =
    client instanceof pg.Pool
      ? postgresLockSession((client as pg.Pool & { options: pg.ClientConfig }).options)
      : embeddedLockSession();
  return new UploadLocker(session, options);
}
