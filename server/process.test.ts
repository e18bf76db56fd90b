import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:http2';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate as generateCertificate } from 'selfsigned';
import { afterAll, describe, expect, it } from 'vitest';

// The real process, as `npm start` runs it: the embedded database must survive a kill, and two
// servers must never share one data folder.
const dataDir = mkdtempSync(join(tmpdir(), 'ngo-process-'));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function startServer(port: number, extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, server: ReturnType<typeof startServer>) {
  for (let i = 0; i < 300; i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server never became healthy: ${server.output()}`);
}

const signUp = (port: number, email: string) =>
  fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Kill Test',
      email,
      password: 'survives-a-kill',
      organizationName: 'Durable NGO',
    }),
  });

const signIn = (port: number, email: string) =>
  fetch(`http://127.0.0.1:${port}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'survives-a-kill' }),
  });

// About the embedded database only, so the PostgreSQL pass of CI skips it.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the server process over the embedded database',
  () => {
    it('refuses a second server on the same data folder, keeps data across a kill, and shuts down cleanly', async () => {
      const port = await freePort();
      const first = startServer(port);
      await waitHealthy(port, first);
      expect((await signUp(port, 'durable@example.org')).status).toBe(201);

      const second = startServer(await freePort());
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/in use by process \d+/);

      first.child.kill('SIGKILL');
      await first.exited;
      expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);

      // The stale lock of a dead process is taken over, and the account written before the kill is there.
      const port2 = await freePort();
      const third = startServer(port2);
      await waitHealthy(port2, third);
      const res = await signIn(port2, 'durable@example.org');
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('email_not_verified');

      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
      expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
    }, 120_000);

    it('speaks HTTPS with HTTP/2 when given a certificate and key', async () => {
      const tlsDir = mkdtempSync(join(tmpdir(), 'ngo-tls-'));
      const pems = await generateCertificate([{ name: 'commonName', value: '127.0.0.1' }], {
        keySize: 2048,
        extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
      });
      writeFileSync(join(tlsDir, 'cert.pem'), pems.cert);
      writeFileSync(join(tlsDir, 'key.pem'), pems.private);
      const port = await freePort();
      const server = startServer(port, {
        DATA_DIR: mkdtempSync(join(tmpdir(), 'ngo-process-tls-')),
        TLS_CERT_FILE: join(tlsDir, 'cert.pem'),
        TLS_KEY_FILE: join(tlsDir, 'key.pem'),
      });
      const health = async () => {
        const session = connect(`https://127.0.0.1:${port}`, { ca: pems.cert });
        try {
          return await new Promise<{ status: number; protocol: string | undefined }>((resolve, reject) => {
            session.once('error', reject);
            const req = session.request({ ':path': '/api/health' });
            req.once('response', (headers) => {
              resolve({ status: Number(headers[':status']), protocol: session.alpnProtocol });
              req.resume();
            });
            req.once('error', reject);
            req.end();
          });
        } finally {
          session.close();
        }
      };
      let answer: Awaited<ReturnType<typeof health>> | undefined;
      for (let i = 0; i < 300 && !answer; i++) {
        if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
        answer = await health().catch(() => undefined);
        if (!answer) await new Promise((r) => setTimeout(r, 100));
      }
      expect(answer).toEqual({ status: 200, protocol: 'h2' });
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      rmSync(tlsDir, { recursive: true, force: true });
    }, 120_000);
  },
);
