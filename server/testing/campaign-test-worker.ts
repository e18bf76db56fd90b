import pino from 'pino';
import { openDatabase } from '../db';
import { loadEnv } from '../env';
import { startCampaignWorkerFromEnv } from '../services/campaigns/campaign-worker-from-env';
import { createQueue } from '../services/queue/job-queue';
import { fastCampaignQueues } from './campaign-test-queues';

/*
 * A server process of services/campaigns/campaign-processes.test.ts (not a test itself): the campaign
 * worker exactly as server/index.ts starts it (providers from env: SMTP_URL names the test's SMTP
 * stand-in), over DATABASE_URL, with short expiry and retries so that the test sees a killed
 * process's recipients settled within seconds. Prints `ready` once it takes jobs.
 */

const env = loadEnv();
const logger = pino({ level: 'warn', base: { worker: process.env.WORKER } }, pino.destination(2));
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL! });
const queue = createQueue(handle, logger, { queues: fastCampaignQueues, superviseIntervalSeconds: 1 });
await queue.start();
const stop = await startCampaignWorkerFromEnv(
  env,
  { db: handle.db, queue, logger },
  { queues: fastCampaignQueues, finishSweepSeconds: 1 },
);
process.stdout.write('ready\n');

process.on('SIGTERM', () => {
  stop();
  void queue
    .stop()
    .then(() => handle.close())
    .then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'worker stop failed');
        process.exit(1);
      },
    );
});
