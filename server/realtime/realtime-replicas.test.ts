import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../contract/chat';
import { openDatabase, type DatabaseHandle } from '../db';
import { ngos, users } from '../db/schema';
import { createJwt } from '../services/auth/jwt';
import { newId } from '../services/ids';
import { signedInSocket, type TestSocket } from '../testing/socket-client';
import { REALTIME_PATH } from './attach-realtime';

/*
 * Two server processes over one PostgreSQL database, as two replicas behind a load balancer (ADR 0046):
 * a message posted to one process's API reaches a socket on the other, through the NOTIFY its
 * transaction sends on commit, in order. Needs PostgreSQL at 127.0.0.1:5432 (TEST_DATABASE_URL);
 * skipped when it does not answer.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const JWT_SECRET = 'realtime-replica-test-secret-long-enough-0123456789';

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
  ws: string;
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
      if ((await fetch(`${url}/api/health`)).ok)
        return { url, ws: `ws://127.0.0.1:${port}${REALTIME_PATH}`, child };
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
  if (!replica || replica.child.exitCode !== null) return null;
  const exited = new Promise<number | null>((r) => replica.child.once('exit', r));
  replica.child.kill('SIGTERM');
  return exited;
}

describe.skipIf(!available)('team chat realtime across two server processes on PostgreSQL', () => {
  const dbName = `ngo_realtime_${newId()}`;
  let handle: DatabaseHandle;
  let dataDir = '';
  let a: Replica | undefined;
  let b: Replica | undefined;
  const tokens: Record<'alice' | 'bob' | 'carol', string> = { alice: '', bob: '', carol: '' };
  const ids: Record<'alice' | 'bob' | 'carol', string> = { alice: '', bob: '', carol: '' };
  const sockets: TestSocket[] = [];

  const api = async (replica: Replica, method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${replica.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    const databaseUrl = url.toString();
    handle = await openDatabase({ databaseUrl });
    await handle.migrate();
    const ngoId = newId();
    await handle.db.insert(ngos).values({ id: ngoId, name: 'Replica Relief' });
    const jwt = createJwt(JWT_SECRET, 3600);
    for (const name of ['alice', 'bob', 'carol'] as const) {
      const id = newId();
      ids[name] = id;
      await handle.db.insert(users).values({
        id,
        ngoId,
        name,
        email: `${name}.${id}@users.test`,
        role: 'STAFF',
        passwordHash: 'not-a-real-hash',
        emailVerifiedAt: new Date(),
      });
      tokens[name] = await jwt.sign({ sub: id, ngo: ngoId, role: 'STAFF', sv: 1 });
    }
    dataDir = mkdtempSync(join(tmpdir(), 'ngo-realtime-'));
    a = await startReplica(databaseUrl, dataDir);
    b = await startReplica(databaseUrl, dataDir);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all([stopReplica(a), stopReplica(b)]);
    await handle?.close();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("a socket on B gets, in order, the messages posted to A's API; a non-member's socket gets none", async () => {
    const created = await api(a!, 'POST', '/api/chat/conversations', tokens.alice, {
      kind: 'channel',
      name: 'replicas',
      visibility: 'private',
      memberIds: [ids.bob],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const conversationId = created.body.id as string;
    const general = await api(a!, 'POST', '/api/chat/conversations', tokens.alice, {
      kind: 'channel',
      name: 'general',
      visibility: 'public',
    });
    expect(general.status, JSON.stringify(general.body)).toBe(201);

    const bobOnB = await signedInSocket(b!.ws, tokens.bob);
    const carolOnB = await signedInSocket(b!.ws, tokens.carol);
    const aliceOnA = await signedInSocket(a!.ws, tokens.alice);
    sockets.push(bobOnB, carolOnB, aliceOnA);

    const sent: Message[] = [];
    for (let i = 1; i <= 20; i++) {
      const res = await api(a!, 'POST', `/api/chat/conversations/${conversationId}/messages`, tokens.alice, {
        clientId: randomUUID(),
        body: `message ${i}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      sent.push(res.body as unknown as Message);
    }
    await bobOnB.waitFor('message', (e) => e.message.body === 'message 20');
    const received = bobOnB.ofType('message').map((e) => e.message);
    expect(received.map((m) => m.body)).toEqual(sent.map((m) => m.body));
    expect(received.map((m) => m.id)).toEqual(sent.map((m) => m.id));
    expect(received.map((m) => m.rev)).toEqual([...received.map((m) => m.rev)].sort((x, y) => x - y));
    // The author's own socket on A gets them too (her other devices).
    await aliceOnA.waitFor('message', (e) => e.message.body === 'message 20');

    // Carol may read the public channel only: when its message reaches her, the private ones would have.
    const marker = await api(
      a!,
      'POST',
      `/api/chat/conversations/${general.body.id as string}/messages`,
      tokens.alice,
      {
        clientId: randomUUID(),
        body: 'for everyone',
      },
    );
    expect(marker.status).toBe(201);
    await carolOnB.waitFor('message', (e) => e.message.body === 'for everyone');
    expect(carolOnB.ofType('message').map((e) => e.message.body)).toEqual(['for everyone']);
  }, 60_000);

  it('typing on a socket of A reaches the other member on B', async () => {
    const conversations = await api(b!, 'GET', '/api/chat/conversations', tokens.bob);
    const list = conversations.body as unknown as { id: string; name: string }[];
    const conversationId = list.find((c) => c.name === 'replicas')!.id;
    const [aliceOnA, bobOnB] = await Promise.all([
      signedInSocket(a!.ws, tokens.alice),
      signedInSocket(b!.ws, tokens.bob),
    ]);
    sockets.push(aliceOnA, bobOnB);
    aliceOnA.send({ type: 'typing', conversationId });
    const typing = await bobOnB.waitFor('typing');
    expect(typing).toEqual({ type: 'typing', conversationId, userId: ids.alice, name: 'alice' });
  });

  it('a stopping process closes its sockets with 1001 and exits cleanly', async () => {
    const bobOnB = await signedInSocket(b!.ws, tokens.bob);
    sockets.push(bobOnB);
    const exited = stopReplica(b);
    expect((await bobOnB.closed).code).toBe(1001);
    expect(await exited).toBe(0);
  });
});
