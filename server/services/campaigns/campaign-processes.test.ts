import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db';
import { createCampaign } from '../../routes/campaigns/campaigns.service';
import { tenantOf } from '../auth/tenant-scope';
import { createQueue, type JobQueue } from '../queue/job-queue';
import { fastCampaignQueues } from '../../testing/campaign-test-queues';
import { recipientRoll, startSmtpStandIn, type SmtpStandIn } from '../../testing/smtp-stand-in';
import {
  ADMIN_URL,
  postgresAnswers,
  startWorker,
  stopWorker,
  throwawayDatabase,
  type Worker,
} from '../../testing/worker-processes';
import { INTERRUPTED_MESSAGE } from './campaign-worker';

/*
 * Issue 16's queue test: a campaign to 2,000 members with the SMTP stand-in refusing 5% of them for
 * good, and the server process killed (SIGKILL) once mid-run, then started again. Every recipient ends
 * with a final status, nobody gets two mails, and the refused ones are 'bounced'. The processes run the
 * campaign worker as server/index.ts starts it (server/testing/campaign-test-worker.ts), on one
 * PostgreSQL database; skipped when none answers (PGlite is one process's database).
 */

const RECIPIENTS = 2_000;
const FAIL_RATIO = 0.05;
const WORKER_SCRIPT = 'server/testing/campaign-test-worker.ts';

const available = await postgresAnswers();
if (!available) console.warn(`campaign-processes.test.ts skipped: no PostgreSQL answers at ${ADMIN_URL}`);

describe.skipIf(!available)('a campaign across a killed server process on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
  let handle: DatabaseHandle;
  let producer: JobQueue;
  let smtp: SmtpStandIn;
  const workers: Worker[] = [];
  const ngoId = 'ngo-campaign-kill';
  const adminId = 'admin-campaign-kill';

  beforeAll(async () => {
    database = await throwawayDatabase('ngo_campaign');
    handle = await openDatabase({ databaseUrl: database.url });
    await handle.migrate();
    smtp = await startSmtpStandIn({ failRatio: FAIL_RATIO });
    await handle.db.execute(sql`insert into ngos (id, name) values (${ngoId}, 'Kill Test Relief')`);
    await handle.db.execute(
      sql`insert into users (id, ngo_id, name, email, password_hash, role)
        select 'member-' || i, ${ngoId}, 'Member ' || i, 'member.' || i || '@kill.test', 'x', 'VOLUNTEER'
        from generate_series(1, ${RECIPIENTS}) as i`,
    );
    await handle.db.execute(
      sql`insert into users (id, ngo_id, name, email, password_hash, role)
        values (${adminId}, ${ngoId}, 'Kill Admin', 'admin@kill.test', 'x', 'NGO_ADMIN')`,
    );
    producer = createQueue(handle, pino({ level: 'silent' }), {
      queues: fastCampaignQueues,
      superviseIntervalSeconds: 1,
    });
    await producer.start();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(workers.map((w) => stopWorker(w, 'SIGKILL')));
    await producer?.stop();
    await handle?.close();
    await smtp?.close();
    await database?.drop();
  });

  it('every recipient settles, nobody is mailed twice, though the server was killed mid-run', async () => {
    const env = {
      SMTP_URL: smtp.url,
      JWT_SECRET: 'campaign-kill-test-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
    };
    const first = startWorker(WORKER_SCRIPT, database!.url, 'A', env);
    workers.push(first);
    await first.line((l) => l === 'ready');

    const report = await createCampaign(
      { db: handle.db, queue: producer, smsConfigured: false },
      { id: adminId, role: 'NGO_ADMIN', tenant: tenantOf({ ngoId, role: 'NGO_ADMIN' }) },
      {
        name: 'Kill test',
        subject: 'Hello {{first_name}}',
        body: 'Dear {{name}}, this is a test.',
        channels: ['email'],
        segment: { kind: 'members', roles: ['VOLUNTEER'], ngoIds: [] },
      },
    );

    // Killed once a quarter of the mails have arrived.
    const quarter = Date.now() + 30_000;
    while (smtp.messages.length < RECIPIENTS / 4) {
      if (Date.now() > quarter) throw new Error(`only ${smtp.messages.length} mails arrived`);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await stopWorker(first, 'SIGKILL')).toBeNull();
    const atKill = smtp.messages.length;
    const second = startWorker(WORKER_SCRIPT, database!.url, 'B', env);
    workers.push(second);
    await second.line((l) => l === 'ready');

    const deadline = Date.now() + 60_000;
    let status = '';
    while (status !== 'sent') {
      if (Date.now() > deadline) throw new Error('the campaign did not finish');
      await new Promise((r) => setTimeout(r, 250));
      const rows = await handle.db.execute<{ status: string }>(
        sql`select status from campaigns where id = ${report.id}`,
      );
      status = rows.rows[0]!.status;
    }

    const counts = await handle.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from campaign_recipients where campaign_id = ${report.id} group by status`,
    );
    const byStatus = Object.fromEntries(counts.rows.map((r) => [r.status, Number(r.n)]));
    // Final statuses only, for every member.
    expect(
      Object.keys(byStatus)
        .sort()
        .filter((s) => !['sent', 'bounced', 'failed'].includes(s)),
    ).toEqual([]);
    expect((byStatus.sent ?? 0) + (byStatus.bounced ?? 0) + (byStatus.failed ?? 0)).toBe(RECIPIENTS);

    // Nobody twice; the refused addresses bounced, and only they.
    const addresses = await handle.db.execute<{ address: string; status: string; error: string | null }>(
      sql`select address, status, error from campaign_recipients where campaign_id = ${report.id}`,
    );
    for (const row of addresses.rows) {
      const received = smtp.countTo(row.address);
      expect(received, row.address).toBeLessThanOrEqual(1);
      const refused = recipientRoll(row.address) < FAIL_RATIO;
      // A refused address bounced, unless the kill caught it mid-send (then it failed, below).
      if (refused) expect(['bounced', 'failed'], row.address).toContain(row.status);
      if (!refused) expect(row.status, row.address).not.toBe('bounced');
      if (row.status === 'sent') expect(received, row.address).toBe(1);
      // A failed recipient is one the kill caught mid-send: said so, and retried only by the admin.
      if (row.status === 'failed') expect(row.error).toBe(INTERRUPTED_MESSAGE);
    }
    const refusedCount = addresses.rows.filter((r) => recipientRoll(r.address) < FAIL_RATIO).length;
    const refusedInterrupted = addresses.rows.filter(
      (r) => recipientRoll(r.address) < FAIL_RATIO && r.status === 'failed',
    ).length;
    expect(byStatus.bounced).toBe(refusedCount - refusedInterrupted);
    expect(refusedCount).toBeGreaterThan(RECIPIENTS * 0.03);
    // The slots keep what a kill catches mid-send to a few per process.
    expect(byStatus.failed ?? 0).toBeLessThanOrEqual(16);
    console.info(
      `${RECIPIENTS} recipients: ${JSON.stringify(byStatus)}; ${atKill} mails before the kill, ${smtp.messages.length} in all`,
    );
    expect(await stopWorker(second)).toBe(0);
  }, 120_000);
});
