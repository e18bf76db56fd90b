import { openDatabase } from '../../server/db';
import { grants } from '../../server/db/schema';
import { buildBulkGrants } from '../../server/db/seed/sample-grants';
import { newId } from '../../server/services/ids';
import { startServerProcess, type ServerProcess } from '../e2e/support/server-process';

/** `count` generated grants written straight into the data folder before the server opens it. */
async function writeBulkGrants(dataDir: string, count: number, today: Date) {
  const handle = await openDatabase({ dataDir });
  await handle.migrate();
  const rows = buildBulkGrants(count, today).map((g) => ({ id: newId(), ...g }));
  for (let i = 0; i < rows.length; i += 500) await handle.db.insert(grants).values(rows.slice(i, i + 500));
  await handle.close();
}

/**
 * The production server for a bench: a fresh embedded database holding `grants` generated grants and
 * nothing else (no demo seed, no AI provider), serving the client build in `dist` when given.
 */
export function startBenchServer(opts: {
  grants: number;
  today?: Date;
  dist?: string;
}): Promise<ServerProcess> {
  console.log(`Writing ${opts.grants} grants to a fresh data folder …`);
  return startServerProcess(
    {
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      AI_BASE_URL: '',
      ...(opts.dist ? { CLIENT_DIST_DIR: opts.dist } : {}),
    },
    { prepareDataDir: (dir) => writeBulkGrants(dir, opts.grants, opts.today ?? new Date()) },
  );
}
