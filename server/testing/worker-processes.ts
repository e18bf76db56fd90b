import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { newId } from '../services/ids';

/*
 * Tests with several server processes on one PostgreSQL database (the job queue's and the campaigns'):
 * whether PostgreSQL answers, a throwaway database, and worker processes whose printed lines a test
 * waits on. PGlite is one process's database, so these tests need PostgreSQL and are skipped without it.
 */

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

export async function postgresAnswers(): Promise<boolean> {
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

/** A fresh database named after `prefix`; resolves to its URL and the function that drops it. */
export async function throwawayDatabase(prefix: string) {
  const name = `${prefix}_${newId().toLowerCase()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface Worker {
  name: string;
  child: ChildProcess;
  /** Lines the process printed, in order. */
  lines: string[];
  /** Resolves with the first printed line that `match` accepts. */
  line: (match: (line: string) => boolean) => Promise<string>;
}

/** Runs `script` (a TypeScript file, through tsx) with DATABASE_URL, WORKER and `env`. */
export function startWorker(
  script: string,
  databaseUrl: string,
  name: string,
  env: Record<string, string> = {},
): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATABASE_URL: databaseUrl, WORKER: name, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiting = new Set<{ match: (line: string) => boolean; resolve: (line: string) => void }>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const w of waiting)
      if (w.match(line)) {
        waiting.delete(w);
        w.resolve(line);
      }
  });
  const line = (match: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find(match);
      if (seen !== undefined) return resolve(seen);
      waiting.add({ match, resolve });
      child.once('exit', (code) => reject(new Error(`worker ${name} exited with ${code}`)));
    });
  return { name, child, lines, line };
}

/** Stops a worker; resolves with its exit code (null when killed by the signal). */
export function stopWorker(worker: Worker | undefined, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') {
  if (!worker || worker.child.exitCode !== null || worker.child.signalCode !== null)
    return Promise.resolve(null);
  const exited = new Promise<number | null>((r) => worker.child.once('exit', (code) => r(code)));
  worker.child.kill(signal);
  return exited;
}
