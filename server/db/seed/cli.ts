/**
 * `npm run seed`: adds the demo organisation, accounts and sample content to the configured
 * database (DATABASE_URL, else the embedded PGlite under DATA_DIR). Safe to run twice.
 */
import { lockDataDir } from '../../data-dir-lock';
import { EnvError, loadEnv } from '../../env';
import { storageFromEnv } from '../../services/storage/storage-from-env';
import { openDatabase } from '..';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './index';

async function main() {
  process.stdout.write(
    `Never run this against production: it creates accounts whose password (${DEMO_PASSWORD}) is public.\n`,
  );
  const env = loadEnv();
  if (env.NODE_ENV === 'production' && !process.argv.includes('--force')) {
    throw new EnvError('NODE_ENV is production; refusing to seed demo accounts (pass --force to override).');
  }
  // PGlite is single-process: seeding while the server holds the folder would corrupt it.
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
  try {
    const handle = await openDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
    );
    try {
      await handle.migrate();
      const { seeded } = await seedDemoData(handle.db, { storage: await storageFromEnv(env) });
      const where = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}`;
      if (seeded) {
        const logins = DEMO_USERS.map((u) => `  ${u.email.padEnd(21)} ${u.role}`).join('\n');
        process.stdout.write(
          `Demo data seeded into ${where}.\nSign-ins (password ${DEMO_PASSWORD}):\n${logins}\n`,
        );
      } else {
        process.stdout.write(`Demo data already present in ${where}; nothing changed.\n`);
      }
    } finally {
      await handle.close();
    }
  } finally {
    unlock();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    err instanceof EnvError
      ? `${err.message}\n`
      : `Seeding failed: ${err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
});
