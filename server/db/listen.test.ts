import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../services/ids';
import { openMemoryDatabase } from '../testing/memory-database';
import { LISTEN_APPLICATION_NAME, openDatabase, type DatabaseHandle } from '.';

/*
 * The realtime fan-out (ADR 0046) relies on Postgres delivering a NOTIFY only when its transaction
 * commits. Both databases are checked: the embedded one within its single instance, PostgreSQL across
 * two connections (skipped when 127.0.0.1:5432 does not answer).
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const postgresAvailable = await postgresAnswers();

/** Resolves once `done()` holds (no fixed sleeps: a NOTIFY arrives when it arrives). */
function until(done: () => boolean, what: string, timeoutMs = 10_000) {
  return new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      if (done()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(poll, 10);
    };
    poll();
  });
}
const waitFor = (received: string[], count: number) =>
  until(() => received.length >= count, `${count} notifications (got ${received.length})`);

function notifySuite(open: () => Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }>) {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const channel = 'listen_test';

  beforeAll(async () => {
    ({ handle, drop } = await open());
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  it('delivers a NOTIFY sent inside a transaction on commit, and never one that rolled back', async () => {
    const received: string[] = [];
    const stop = await handle.listen(channel, (payload) => received.push(payload));
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify(${channel}, 'rolled back')`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify(${channel}, 'first')`);
      await tx.execute(sql`select 1`);
      // Not before the commit.
      expect(received).toEqual([]);
      await tx.execute(sql`select pg_notify(${channel}, 'second')`);
    });
    // A later notification arriving proves the rolled-back one is not merely late.
    await handle.db.execute(sql`select pg_notify(${channel}, 'third')`);
    await waitFor(received, 3);
    expect(received).toEqual(['first', 'second', 'third']);

    await stop();
    await handle.db.execute(sql`select pg_notify(${channel}, 'after stop')`);
    const again: string[] = [];
    const stopAgain = await handle.listen(channel, (payload) => again.push(payload));
    await handle.db.execute(sql`select pg_notify(${channel}, 'listening again')`);
    await waitFor(again, 1);
    expect(received).toEqual(['first', 'second', 'third']);
    expect(again).toEqual(['listening again']);
    await stopAgain();
  });

  it('does not deliver other channels', async () => {
    const received: string[] = [];
    const stop = await handle.listen(channel, (payload) => received.push(payload));
    await handle.db.execute(sql`select pg_notify('another_channel', 'not mine')`);
    await handle.db.execute(sql`select pg_notify(${channel}, 'mine')`);
    await waitFor(received, 1);
    expect(received).toEqual(['mine']);
    await stop();
  });
}

describe('LISTEN/NOTIFY on the embedded database', () => {
  notifySuite(async () => ({ handle: await openMemoryDatabase(), drop: async () => {} }));
});

describe.skipIf(!postgresAvailable)('LISTEN/NOTIFY on PostgreSQL', () => {
  const name = `ngo_listen_${newId()}`;
  let databaseUrl = '';

  notifySuite(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    return {
      handle: await openDatabase({ databaseUrl }),
      drop: async () => {
        const c = new pg.Client({ connectionString: ADMIN_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  });

  it('reopens a lost LISTEN connection, says so, and listens again', async () => {
    const handle = await openDatabase({ databaseUrl });
    try {
      const received: string[] = [];
      let reconnects = 0;
      await handle.listen(
        'listen_test',
        (payload) => received.push(payload),
        () => reconnects++,
      );
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        // A failover or a restart, as the listener sees it: its session is ended by the server.
        const ended = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
          [LISTEN_APPLICATION_NAME],
        );
        expect(ended.rowCount).toBeGreaterThan(0);
        await until(() => reconnects > 0, 'the reconnect');
        expect(reconnects).toBe(1);
        await admin.query(`select pg_notify('listen_test', 'after the cut')`);
        await waitFor(received, 1);
        expect(received).toEqual(['after the cut']);
      } finally {
        await admin.end();
      }
    } finally {
      await handle.close();
    }
  });
});
