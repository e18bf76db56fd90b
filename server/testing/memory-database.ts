import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db';

/**
 * The snapshot's bytes as the Blob PGlite reads them from. PGlite only calls `arrayBuffer()`, and
 * Node 20's Blob answers that by streaming its 43 MB through small chunks and joining them: about
 * half a second a file, as long as Postgres then takes to start. This one hands over a copy at once.
 */
class SnapshotBlob extends Blob {
  constructor(private readonly tarball: Uint8Array) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.tarball.slice().buffer);
  }
}

/** Read once per worker: the files of a worker share this module (vitest.config.ts, isolate: false). */
let snapshotRead: { path: string; bytes: Uint8Array } | undefined;

/**
 * An embedded database of the test file's own, loaded from the run's migrated snapshot when there is
 * one (server/testing/database-snapshot.global-setup.ts), else created empty.
 */
export async function openMemoryDatabase(): Promise<DatabaseHandle> {
  const snapshot = inject('migratedDatabaseSnapshot');
  if (!snapshot) return openDatabase('memory');
  if (snapshotRead?.path !== snapshot) snapshotRead = { path: snapshot, bytes: readFileSync(snapshot) };
  return openDatabase({ memoryFrom: new SnapshotBlob(snapshotRead.bytes) });
}
