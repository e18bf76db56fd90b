import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAiStandIn } from '../../../server/testing/ai-stand-in';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: { exitCode: number | null }, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms`);
}

/**
 * One real server over a fresh data folder and a free port for the whole run, with the AI stand-in
 * as its AI provider, so blog generation runs end to end without a model or a network.
 */
export default async function globalSetup() {
  // Deterministic answers; a spec switches its mode over HTTP (POST /__stand-in/mode) and back.
  const aiStandIn = await startAiStandIn();
  const dataDir = mkdtempSync(join(tmpdir(), 'ngo-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      // Lets several engineers run the suite against their own builds at once.
      CLIENT_DIST_DIR: process.env.E2E_DIST_DIR ?? 'dist',
      // Many sign-ins come from one address in a run; the limit itself is covered by the API tests.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000',
      AI_BASE_URL: aiStandIn.baseUrl,
      AI_API_KEY: 'e2e-stand-in-key',
      AI_MODEL: 'stand-in-model',
      // A failing provider is retried once; keep a stuck call well inside a test's time limit.
      AI_TIMEOUT_MS: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  try {
    await waitForHealth(baseURL, server, 60_000);
  } catch (error) {
    server.kill('SIGTERM');
    await aiStandIn.close();
    throw error;
  }

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_SERVER_LOG = logFile;
  // Workers are other processes: they reach the stand-in's control endpoints through this origin.
  process.env.E2E_AI_STAND_IN_URL = aiStandIn.url;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await aiStandIn.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
