import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db';
import { ngos, users } from '../../db/schema';
import { createJwt } from '../../services/auth/jwt';
import { newId } from '../../services/ids';
import { postgresLockSession, UploadLocker } from '../../services/storage/upload-locker';
import { offsetOf, tusClient, tusHeaders } from '../../testing/tus';

/*
 * Two server processes over one PostgreSQL database and one shared DATA_DIR, as two replicas behind a
 * load balancer (ADR 0031): the upload lock is the database's, so a PATCH to an upload another process
 * is writing waits for it (asking it to let go) and never interleaves its bytes. Needs PostgreSQL at
 * 127.0.0.1:5432 (database `test`, trust auth); skipped when it does not answer.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const JWT_SECRET = 'replica-test-secret-that-is-long-enough-0123456789';

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
const available = await postgresAnswers();

const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * seed + 5) % 256);
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface Replica {
  url: string;
  port: number;
  child: ChildProcess;
}

async function startReplica(databaseUrl: string, dataDir: string): Promise<Replica> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`replica exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, port, child };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('replica did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopReplica(replica: Replica | undefined) {
  if (!replica || replica.child.exitCode !== null) return;
  const exited = new Promise((r) => replica.child.once('exit', r));
  replica.child.kill('SIGTERM');
  await exited;
}

describe.skipIf(!available)('uploads across two server processes on PostgreSQL', () => {
  const dbName = `ngo_uploads_${newId()}`;
  let databaseUrl = '';
  let handle: DatabaseHandle;
  let dataDir = '';
  let a: Replica | undefined;
  let b: Replica | undefined;
  let token = '';

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    handle = await openDatabase({ databaseUrl });
    await handle.migrate();
    const ngoId = newId();
    const userId = newId();
    await handle.db.insert(ngos).values({ id: ngoId, name: 'Replica Relief' });
    await handle.db.insert(users).values({
      id: userId,
      ngoId,
      name: 'Staff',
      email: `staff.${userId}@users.test`,
      role: 'STAFF',
      passwordHash: 'not-a-real-hash',
      emailVerifiedAt: new Date(),
    });
    token = await createJwt(JWT_SECRET, 3600).sign({ sub: userId, ngo: ngoId, role: 'STAFF', sv: 1 });
    dataDir = mkdtempSync(join(tmpdir(), 'ngo-replicas-'));
    // One after the other, so a failed start never leaves the first one running unseen by afterAll.
    a = await startReplica(databaseUrl, dataDir);
    b = await startReplica(databaseUrl, dataDir);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopReplica(a), stopReplica(b)]);
    await handle?.close();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps two processes’ locks apart and asks the holder to let go', async () => {
    const first = new UploadLocker(postgresLockSession({ connectionString: databaseUrl }), { pollMs: 20 });
    const second = new UploadLocker(postgresLockSession({ connectionString: databaseUrl }), {
      pollMs: 20,
      acquireTimeoutMs: 1_500,
    });
    try {
      const held = first.newLock('someupload');
      let asked = 0;
      await held.lock(new AbortController().signal, () => {
        asked++;
      });
      await expect(
        second.newLock('someupload').lock(new AbortController().signal, () => {}),
      ).rejects.toMatchObject({ status_code: 500, body: expect.stringContaining('lock') });
      expect(asked).toBeGreaterThan(0);
      // Another upload's lock is free meanwhile.
      const other = second.newLock('anotherupload');
      await other.lock(new AbortController().signal, () => {});
      await other.unlock();
      await held.unlock();
      const after = second.newLock('someupload');
      await after.lock(new AbortController().signal, () => {});
      await after.unlock();
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('makes a PATCH from the other process wait for the lock, and never mixes the bytes', async () => {
    const data = bytes(2_000_000, 13);
    const intruder = bytes(100_000, 17);
    const onA = tusClient((path, init) => fetch(`${a!.url}${path}`, init));
    const onB = tusClient((path, init) => fetch(`${b!.url}${path}`, init));
    const created = await onA.create(token, data.length, { filename: 'field-photos.zip' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // A phone sends the first 500 kB of a 2 MB chunk to process A, slowly, and keeps the request open.
    const socket = connect(a!.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const head = Object.entries({
      ...tusHeaders(token),
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
      'content-length': String(data.length),
      host: `127.0.0.1:${a!.port}`,
    })
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
    socket.write(`PATCH ${location} HTTP/1.1\r\n${head}\r\n\r\n`);
    socket.write(Buffer.from(data.subarray(0, 500_000)));
    socket.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 500));

    // Another request for the same upload reaches process B: it waits for A's lock (A is asked to let
    // go, keeps what arrived and unlocks), then finds the upload past the offset it sent.
    const started = Date.now();
    const competing = await onB.patch(token, location, 0, intruder);
    const waited = Date.now() - started;
    expect(competing.status).toBe(409);
    expect(waited).toBeGreaterThan(500);
    socket.destroy();

    const offset = offsetOf(await onB.head(token, location));
    expect(offset).toBe(500_000);
    const rest = await onB.patch(token, location, offset, data.subarray(offset, 1_500_000));
    expect(rest.status).toBe(204);
    const last = await onA.patch(token, location, 1_500_000, data.subarray(1_500_000));
    expect(last.status).toBe(204);
    const fileId = last.headers.get('upload-file-id')!;
    const download = await fetch(`${b!.url}/api/files/${fileId}/content`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(data));
  }, 60_000);
});
