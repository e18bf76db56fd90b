import { readFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { lockDataDir } from './data-dir-lock';
import { openDatabase } from './db';
import { schedulePlannerStatistics } from './db/planner-statistics';
import { seedDemoData } from './db/seed';
import { EnvError, loadEnv, type Env } from './env';
import { createLogger, errorText } from './logger';
import { attachRealtime } from './realtime/attach-realtime';
import { createAi } from './services/ai';
import { createJwt } from './services/auth/jwt';
import { scheduleIdempotencyPurge } from './services/idempotency-purge';
import { scheduleUnclaimedMediaSweep } from './routes/uploads/unclaimed-media';
import { scheduleMentionMail } from './services/chat-mention-mail';
import { createQueue } from './services/queue/job-queue';
import { startCampaignWorkerFromEnv } from './services/campaigns/campaign-worker-from-env';
import { createMailer, scheduleMailSweep } from './services/mailer';
import { schedulePendingPaymentPoll } from './services/payments/poller';
import { createPaymentProviders, selfRoutingFetch } from './services/payments/providers';
import { storageFromEnv } from './services/storage/storage-from-env';
import { scheduleOrphanSweep } from './services/storage/orphan-sweep';
import { scheduleTrashPurge } from './services/storage/trash-purge';
import { uploadLockerFor } from './services/storage/upload-locker';
import { uploadBackendFor } from './services/storage/upload-store';
import { scheduleUploadPurge } from './routes/uploads/uploads.service';

async function main() {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const embedded = !env.DATABASE_URL;
  const unlock = embedded ? lockDataDir(env.DATA_DIR) : () => {};

  const handle = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  await handle.migrate();
  logger.info({ database: handle.kind }, 'migrations applied');

  // Durable jobs (ADR 0048): pg-boss creates or migrates its own schema (pgboss) and the queues.
  const queue = createQueue(handle, logger);
  await queue.start();

  const storage = await storageFromEnv(env);
  logger.info({ storage: storage.kind }, 'file storage ready');

  // The embedded database is a demo by default; PostgreSQL is only seeded when asked (never production).
  if (env.SEED_DEMO === 'true' || (env.SEED_DEMO === 'auto' && embedded)) {
    const result = await seedDemoData(handle.db, { storage });
    if (result.seeded) logger.info('demo data seeded');
  }

  const stopPurge = scheduleIdempotencyPurge(handle.db, logger);
  const stopTrashPurge = scheduleTrashPurge(handle.db, storage, logger);
  const stopOrphanSweep = scheduleOrphanSweep(handle.db, storage, logger);
  const uploads = { backend: await uploadBackendFor(env, storage), locker: uploadLockerFor(handle.db) };
  const stopUploadPurge = scheduleUploadPurge(handle.db, uploads.backend, uploads.locker, logger);
  const stopUnclaimedMediaSweep = scheduleUnclaimedMediaSweep(handle.db, uploads.backend, logger);
  const stopStatistics = schedulePlannerStatistics(handle, logger);

  const jwt = createJwt(env.JWT_SECRET, env.JWT_TTL_SECONDS);
  const mailer = createMailer({ db: handle.db, logger, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const ai = createAi({ env, logger });
  if (!ai.configured) logger.info('no AI provider configured (AI_BASE_URL): AI features answer 503');
  const app = createApp(
    { env, db: handle.db, logger, mailer, jwt, ai, storage, uploads, ping: handle.ping, queue },
    { serveClient: true },
  );
  const providers = createPaymentProviders(env, selfRoutingFetch(env, app));
  if (providers.testMode)
    logger.warn('payments in TEST MODE: the built-in simulator takes them and no real money moves');
  else if (!providers.configured)
    logger.info('payments are off: set FLUTTERWAVE_SECRET_KEY (or PAYMENTS_TEST_MODE=true for a demo)');
  // Mail a previous run committed but never delivered (it stopped in between), then any failed sends.
  const stopMailSweep = scheduleMailSweep(mailer, logger);
  const stopMentionMail = scheduleMentionMail(handle.db, mailer, logger, {
    delayMinutes: env.CHAT_MENTION_MAIL_DELAY_MINUTES,
    // No request, so the link uses the configured (or default) address, as receipts do.
    appUrl: env.PUBLIC_URL,
  });
  // Bulk notifications (ADR 0050): this process takes campaign jobs from the durable queue.
  const stopCampaigns = await startCampaignWorkerFromEnv(env, { db: handle.db, queue, logger });
  const stopPaymentPoll = schedulePendingPaymentPoll(
    // No request, so receipts link to the configured (or default) address.
    { db: handle.db, mailer, logger, appUrl: env.PUBLIC_URL },
    providers,
    env.PAYMENT_POLL_INTERVAL_SECONDS,
  );

  const server = serve(
    { fetch: app.fetch, port: env.PORT, hostname: env.HOST, ...tlsOptions(env) },
    (info) => {
      printBanner(env.PUBLIC_URL, info.port);
    },
  );

  // The team chat socket (/api/realtime), fed by this process's LISTEN on the database (ADR 0046).
  const realtime = await attachRealtime({ server, database: handle, jwt, logger, publicUrl: env.PUBLIC_URL });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopPurge();
    stopTrashPurge();
    stopOrphanSweep();
    stopUploadPurge();
    stopUnclaimedMediaSweep();
    stopStatistics();
    stopPaymentPoll();
    stopMailSweep();
    stopMentionMail();
    stopCampaigns();
    // Stops fetching jobs and lets running ones finish (8 s at most), while requests finish too; the
    // database closes only after both.
    const queueStopped = queue.stop().catch((err: unknown) => logger.error({ err }, 'job queue stop failed'));
    // Open sockets would hold server.close() open: they are told to go (1001) and reconnect elsewhere.
    const realtimeClosed = realtime.close();
    server.close(() => {
      void Promise.allSettled([realtimeClosed, uploads.locker.close(), queueStopped])
        .then(() => handle.close())
        .catch((err: unknown) => logger.error({ err }, 'closing the database failed'))
        .finally(() => {
          unlock();
          logger.info('stopped');
          process.exit(0);
        });
    });
    // Idle keep-alive sockets would hold close() open; in-flight ones still finish.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

function printBanner(publicUrl: string, port: number) {
  const url = publicUrl.includes(`:${port}`) ? publicUrl : `http://localhost:${port}`;
  const lines = [
    '',
    `  NGO Portal is running at ${url}`,
    '',
    '  Demo sign-ins (password: demo-pass-2026):',
    '    superadmin@demo.ngo  SUPER_ADMIN',
    '    admin@demo.ngo       ADMIN',
    '    ngoadmin@demo.ngo    NGO_ADMIN',
    '    staff@demo.ngo       STAFF',
    '    volunteer@demo.ngo   VOLUNTEER',
    '    analyst@demo.ngo     ANALYST',
    '    viewer@demo.ngo      VIEWER',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  if (err instanceof EnvError) process.stderr.write(`${err.message}\n`);
  // A failed seed or migration query would otherwise print its parameters (hashes, addresses).
  else process.stderr.write(`Failed to start: ${errorText(err)}\n`);
  process.exit(1);
});

/** HTTPS with HTTP/2 when both PEM files are configured (HTTP/1.1 clients still served); else plain HTTP. */
function tlsOptions(env: Env) {
  if (!env.TLS_CERT_FILE || !env.TLS_KEY_FILE) return {};
  return {
    createServer: createSecureServer,
    serverOptions: {
      cert: readFileSync(env.TLS_CERT_FILE),
      key: readFileSync(env.TLS_KEY_FILE),
      allowHTTP1: true,
    },
  };
}
