import { writeBulkGrants } from '../e2e/support/bulk-grants';
import { startServerProcess, type ServerProcess } from '../e2e/support/server-process';

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
