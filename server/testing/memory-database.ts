import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db';

/**
 * An embedded database of the test file's own, loaded from the run's migrated snapshot when there is
 * one (server/testing/database-snapshot.global-setup.ts), else created empty.
 */
export async function openMemoryDatabase(): Promise<DatabaseHandle> {
  const snapshot = inject('migratedDatabaseSnapshot');
  if (!snapshot) return openDatabase('memory');
  return openDatabase({ memoryFrom: new Blob([readFileSync(snapshot)]) });
}
