import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export function freePort(): Promise<number> {
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

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
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

export interface ServerProcess {
  baseURL: string;
  port: number;
  dataDir: string;
  logFile: string;
  /** Stops the process: SIGTERM for a clean stop, SIGKILL to cut it off mid-request. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /**
   * Starts it again on the same port and data folder (after stop). `envChanges` are merged into its
   * environment for this and later starts, e.g. `{ CLIENT_DIST_DIR }` to serve another build.
   */
  start(envChanges?: Record<string, string>): Promise<void>;
  /** Stops it and removes its data folder. */
  dispose(): Promise<void>;
}

/**
 * Where global-setup.ts left a data folder the server has migrated and seeded with the demo data. A
 * demo server starts from a copy of it: about half the time of migrating and seeding afresh, which
 * each of the suite's ten or so servers did (docs/performance.md, "The test suite's time").
 */
export const SEEDED_DATA_DIR_ENV = 'E2E_SEEDED_DATA_DIR';

/** Its log stays behind: a copied log would hand a test the template's mails and links. */
const LOG_NAME = 'server.log';

/** Starts a demo server once over a fresh folder and stops it, leaving the folder migrated and seeded. */
export async function makeSeededDataDir(): Promise<string> {
  const server = await startServerProcess({ LOG_LEVEL: 'warn', AI_BASE_URL: '' }, { fresh: true });
  await server.stop();
  rmSync(server.logFile, { force: true });
  return server.dataDir;
}

/**
 * The production server over its own fresh data folder and a free port, seeded with the demo data.
 * The suite's shared server comes from here; a spec that must stop and restart a server (offline,
 * flush interrupted mid-way) starts its own.
 */
export async function startServerProcess(
  extraEnv: Record<string, string> = {},
  options: {
    /** Fills the fresh data folder before the server opens it (it locks the folder), e.g. bulk rows. */
    prepareDataDir?: (dataDir: string) => Promise<void>;
    /** Migrates and seeds afresh even when a seeded folder is there to copy. */
    fresh?: boolean;
  } = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ngo-e2e-'));
  const seeded = process.env[SEEDED_DATA_DIR_ENV];
  // Only a demo server's folder is the template's: prepared folders and unseeded servers start empty.
  if (seeded && !options.fresh && !options.prepareDataDir && extraEnv.SEED_DEMO === undefined)
    cpSync(seeded, dataDir, { recursive: true, filter: (path) => basename(path) !== LOG_NAME });
  await options.prepareDataDir?.(dataDir);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = join(dataDir, LOG_NAME);
  const log = createWriteStream(logFile, { flags: 'a' });
  let child: ChildProcess | null = null;
  let env = extraEnv;

  async function start(envChanges: Record<string, string> = {}) {
    env = { ...env, ...envChanges };
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
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout.pipe(log, { end: false });
    server.stderr.pipe(log, { end: false });
    child = server;
    try {
      await waitForHealth(baseURL, server, 60_000);
    } catch (error) {
      server.kill('SIGKILL');
      throw error;
    }
  }

  async function stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') {
    const server = child;
    child = null;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill(signal);
    await exited;
  }

  await start();
  return {
    baseURL,
    port,
    dataDir,
    logFile,
    stop,
    start,
    async dispose() {
      await stop();
      log.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
