import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database (PGlite's data-directory tarball), or '' on PostgreSQL. */
    migratedDatabaseSnapshot: string;
  }
}

/**
 * Creates and migrates the embedded database once for the whole run. Why: PGlite's `create` runs
 * initdb, 1.7–2.6 s of a 2-core machine's time for each of the ~50 databases the API files open,
 * while loading a dumped data directory takes 0.5–0.9 s. Each file still gets a database of its
 * own, loaded from this snapshot, and still runs the migrator, which finds everything applied (or
 * applies what a stale snapshot lacks).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('migratedDatabaseSnapshot', '');
    return;
  }
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder });
  // Written out to the data files, so each load starts from them rather than replaying the log.
  await client.exec('checkpoint');
  const tarball = await client.dumpDataDir('none');
  await client.close();
  const dir = mkdtempSync(join(tmpdir(), 'ngo-test-snapshot-'));
  const path = join(dir, 'migrated.tar');
  writeFileSync(path, Buffer.from(await tarball.arrayBuffer()));
  project.provide('migratedDatabaseSnapshot', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
