import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import pg from 'pg';
import { createApp } from '../app';
import type { AppDeps } from '../http/context';
import { openDatabase, type DatabaseHandle } from '../db';
import { loadEnv } from '../env';
import { createAi } from '../services/ai';
import { createJwt } from '../services/auth/jwt';
import { createMailer } from '../services/mailer';
import { newId } from '../services/ids';
import { createQueue } from '../services/queue/job-queue';
import type { QueueDefinition } from '../services/queue/queues';
import { openMemoryDatabase } from './memory-database';
import { localDiskStorage } from '../services/storage/local-disk-storage';

/**
 * A fresh database per test file: in-memory PGlite, or a throwaway PostgreSQL database
 * when TEST_DATABASE_URL is set (CI runs the API suite both ways).
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  /** Parts the test brings itself (a push sender trusting a stand-in's certificate). */
  extra: Pick<AppDeps, 'push'> & {
    /**
     * Starts the job queue (ADR 0048) before the app is returned. Off by default: pg-boss's first start
     * on a fresh database installs its schema (about half a second on PGlite), which the files that never
     * send a job should not pay. Unstarted, `app`'s queue refuses sends and work with a message saying so.
     */
    startQueue?: boolean;
    /** The queues to create, instead of the product's (services/queue/queues.ts). */
    queues?: Record<string, QueueDefinition>;
  } = {},
) {
  // Whatever the app keeps under DATA_DIR (resumable uploads in flight) goes to a throwaway folder.
  const dataDir = mkdtempSync(join(tmpdir(), 'ngo-test-data-'));
  const env = loadEnv({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    // Test mode would otherwise generate one into DATA_DIR (./data) for every test file.
    FLUTTERWAVE_WEBHOOK_HASH: `test-hash-${newId()}`,
    ...envOverrides,
  });
  const { handle, dropDatabase } = await openTestDatabase();
  await handle.migrate();
  const logger = pino({ level: 'silent' });
  const mailer = createMailer({ db: handle.db, logger, from: env.MAIL_FROM });
  const jwt = createJwt(env.JWT_SECRET, env.JWT_TTL_SECONDS);
  // Unconfigured unless the test passes AI_BASE_URL (e.g. the URL of server/testing/ai-stand-in.ts).
  const ai = createAi({ env, logger });
  const files = testStorage();
  // Maintenance every second, so a test sees expired jobs retried without waiting a minute.
  const queue = createQueue(handle, logger, { queues: extra.queues, superviseIntervalSeconds: 1 });
  if (extra.startQueue) await queue.start();
  const app = createApp({
    env,
    db: handle.db,
    logger,
    mailer,
    jwt,
    ai,
    storage: files.storage,
    ping: handle.ping,
    queue,
    ...(extra.push && { push: extra.push }),
  });
  return {
    app,
    db: handle.db,
    /** The database handle itself, for what the app does not reach through `db` (the realtime LISTEN). */
    handle,
    jwt,
    env,
    ai,
    storage: files.storage,
    /** The folder the storage keeps its files in. */
    storageDir: files.dir,
    /** Durable jobs; started only with `{ startQueue: true }` (or by the test calling `start()`). */
    queue,
    close: async () => {
      await queue.stop();
      await handle.close();
      await dropDatabase();
      files.remove();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Users' files on the local disk, in a fresh temporary folder per test file. */
export function testStorage() {
  const dir = mkdtempSync(join(tmpdir(), 'ngo-test-files-'));
  return { dir, storage: localDiskStorage(dir), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The test file's own database: in-memory PGlite, or a throwaway PostgreSQL database with TEST_DATABASE_URL. */
export async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  dropDatabase: () => Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { handle: await openMemoryDatabase(), dropDatabase: async () => {} };
  const name = `ngo_test_${newId()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    dropDatabase: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** JSON request helper: `call(app, 'POST', '/api/auth/signin', body, token)`. */
export async function call(
  app: TestApp['app'],
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  const res = await app.request(path, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, body: json as Record<string, unknown> & unknown[] };
}
