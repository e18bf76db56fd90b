import { openDatabase } from '../../../server/db';
import { grants } from '../../../server/db/schema';
import { buildBulkGrants } from '../../../server/db/seed/sample-grants';
import { newId } from '../../../server/services/ids';
import { startServerProcess, type ServerProcess } from './server-process';

/*
 * Many grants for a spec, written straight into a fresh data folder with SQL before the server opens
 * it: 10,000 through the API would take minutes. Safe because the folder is new and nobody holds it
 * yet (the server locks its folder once it starts; this process has closed the database by then).
 */

/** `count` generated grants (the bench's generator, a fixed seed) written into `dataDir`. */
export async function writeBulkGrants(dataDir: string, count: number, today = new Date()) {
  const handle = await openDatabase({ dataDir });
  try {
    await handle.migrate();
    const rows = buildBulkGrants(count, today).map((g) => ({ id: newId(), ...g }));
    for (let i = 0; i < rows.length; i += 500) await handle.db.insert(grants).values(rows.slice(i, i + 500));
  } finally {
    await handle.close();
  }
}

/** The production server over its own data folder holding `count` generated grants and nothing else. */
export function startServerWithGrants(count: number): Promise<ServerProcess> {
  return startServerProcess(
    { SEED_DEMO: 'false', LOG_LEVEL: 'warn', AI_BASE_URL: '' },
    { prepareDataDir: (dir) => writeBulkGrants(dir, count) },
  );
}
