/**
 * The bulk notifications budget of issue 16: the campaign queue sends ≥ 200 mails/s to the local SMTP
 * stand-in.
 *
 * In process, as server/index.ts runs it: the durable queue (pg-boss) and the campaign worker over the
 * embedded database (a PGlite data folder, the product's default) and, when it answers, PostgreSQL;
 * the SMTP adapter (nodemailer's pool) delivering to server/testing/smtp-stand-in.ts on loopback (in a
 * process of its own), with
 * the default MAIL_RATE_PER_SECOND. Each round composes a campaign to BENCH_RECIPIENTS members (email)
 * and times it from its start (the start job marks it sending, writes the recipients and queues their
 * jobs) to its finish (every recipient sent), from the campaign's own timestamps. The interleaved
 * baseline is the SMTP path alone: the same pool sending a quarter as many mails back to back.
 *
 * Rewrites its section of docs/performance.md (on a full run) and exits 1 when the budget is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { loadEnv } from '../../server/env';
import { createCampaign } from '../../server/routes/campaigns/campaigns.service';
import { tenantOf } from '../../server/services/auth/tenant-scope';
import { startCampaignWorker } from '../../server/services/campaigns/campaign-worker';
import { createSmtpProvider } from '../../server/services/campaigns/smtp-provider';
import { createQueue } from '../../server/services/queue/job-queue';
import {
  postgresAnswers,
  startWorker,
  stopWorker,
  throwawayDatabase,
} from '../../server/testing/worker-processes';
import { writePerformanceSection } from './performance-report';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FULL_RUN = RECIPIENTS >= 2_000 && ROUNDS >= 5;
const BUDGET_MAILS_PER_SECOND = 200;
const ngoId = 'bench-campaign-ngo';
const adminId = 'bench-campaign-admin';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

async function seed(handle: DatabaseHandle) {
  await handle.db.execute(sql`insert into ngos (id, name) values (${ngoId}, 'Bench Relief')`);
  await handle.db.execute(
    sql`insert into users (id, ngo_id, name, email, password_hash, role)
      select 'bench-member-' || i, ${ngoId}, 'Member ' || i, 'member.' || i || '@bench.test', 'x', 'VOLUNTEER'
      from generate_series(1, ${RECIPIENTS}) as i`,
  );
  await handle.db.execute(
    sql`insert into users (id, ngo_id, name, email, password_hash, role)
      values (${adminId}, ${ngoId}, 'Bench Admin', 'admin@bench.test', 'x', 'NGO_ADMIN')`,
  );
}

/** The SMTP path alone: `count` mails through a fresh pool to the stand-in; mails per second. */
async function baseline(smtp: { url: string }, count: number): Promise<number> {
  const provider = createSmtpProvider({ smtpUrl: smtp.url, from: 'bench@bench.test' });
  const began = performance.now();
  let next = 0;
  // As many at once as the worker's email slots.
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < count) {
        const i = next++;
        await provider.send({
          to: `baseline.${i}@bench.test`,
          subject: 'Baseline',
          text: 'Dear Member, this is a baseline.',
          html: '<p>Dear Member, this is a baseline.</p>',
          headers: {},
          messageId: `baseline-${i}-${began}@bench`,
        });
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  await provider.close();
  return count / seconds;
}

async function measure(kind: 'embedded' | 'postgres', smtp: { url: string }) {
  const dataDir = kind === 'embedded' ? mkdtempSync(join(tmpdir(), 'bench-campaign-')) : null;
  const database = kind === 'postgres' ? await throwawayDatabase('bench_campaign') : null;
  const handle = await openDatabase(dataDir ? { dataDir } : { databaseUrl: database!.url });
  await handle.migrate();
  await seed(handle);
  const env = loadEnv({
    DATA_DIR: dataDir ?? tmpdir(),
    JWT_SECRET: 'bench-secret-0123456789abcdef0123456789',
  });
  const logger = pino({ level: 'warn' });
  const queue = createQueue(handle, logger);
  await queue.start();
  const email = createSmtpProvider({ smtpUrl: smtp.url, from: env.MAIL_FROM });
  const stop = await startCampaignWorker({
    db: handle.db,
    queue,
    logger,
    email,
    sms: null,
    appUrl: env.PUBLIC_URL,
    secret: env.JWT_SECRET,
    rates: { email: env.MAIL_RATE_PER_SECOND, sms: env.SMS_RATE_PER_SECOND },
  });
  const rates: number[] = [];
  const baselines: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      baselines.push(await baseline(smtp, Math.ceil(RECIPIENTS / 4)));
      const report = await createCampaign(
        { db: handle.db, queue, smsConfigured: false },
        { id: adminId, role: 'NGO_ADMIN', tenant: tenantOf({ ngoId, role: 'NGO_ADMIN' }) },
        {
          name: `Bench ${round}`,
          subject: 'Hello {{first_name}}',
          body: 'Dear {{name}}, thank you for your work at {{ngo}}.',
          channels: ['email'],
          segment: { kind: 'members', roles: ['VOLUNTEER'], ngoIds: [] },
        },
      );
      const deadline = Date.now() + 120_000;
      for (;;) {
        const rows = await handle.db.execute<{ status: string; seconds: number | null; sent: number }>(
          sql`select c.status, extract(epoch from c.finished_at - c.started_at)::float as seconds,
              (select count(*)::int from campaign_recipients r where r.campaign_id = c.id and r.status = 'sent') as sent
            from campaigns c where c.id = ${report.id}`,
        );
        const row = rows.rows[0]!;
        if (row.status === 'sent') {
          if (Number(row.sent) !== RECIPIENTS) throw new Error(`only ${row.sent} of ${RECIPIENTS} sent`);
          rates.push(RECIPIENTS / Number(row.seconds));
          const phases = await handle.db.execute<Record<string, number>>(
            sql`select extract(epoch from min(r.claimed_at) - c.started_at)::float as to_first_claim,
                extract(epoch from max(r.settled_at) - min(r.claimed_at))::float as sending,
                extract(epoch from c.finished_at - max(r.settled_at))::float as to_finish
              from campaigns c join campaign_recipients r on r.campaign_id = c.id
              where c.id = ${report.id} group by c.id`,
          );
          console.log(`  phases (s): ${JSON.stringify(phases.rows[0])}`);
          break;
        }
        if (Date.now() > deadline) throw new Error(`round ${round} did not finish`);
        await new Promise((r) => setTimeout(r, 50));
      }
      console.log(
        `${kind} round ${round + 1}: ${rates.at(-1)!.toFixed(0)} mails/s (baseline ${baselines.at(-1)!.toFixed(0)}/s)`,
      );
    }
  } finally {
    stop();
    await queue.stop();
    await email.close();
    await handle.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
  return { rates, baselines };
}

async function main() {
  const started = new Date();
  const loadBefore = loadavg()[0]!;
  // The stand-in runs in its own process, as a mail server would (server/testing/smtp-stand-in-process.ts).
  const standIn = startWorker('server/testing/smtp-stand-in-process.ts', '', 'smtp');
  const smtp = { url: (await standIn.line((l) => l.startsWith('url '))).slice(4) };
  const results: { name: string; rates: number[]; baselines: number[] }[] = [];
  try {
    results.push({ name: 'Embedded database (PGlite)', ...(await measure('embedded', smtp)) });
    if (await postgresAnswers()) results.push({ name: 'PostgreSQL', ...(await measure('postgres', smtp)) });
    else console.log('PostgreSQL does not answer: its row is skipped.');
  } finally {
    await stopWorker(standIn);
  }
  const env = loadEnv({ DATA_DIR: tmpdir() });
  const section = [
    '<!-- bench:campaigns:start -->',
    '## Bulk notifications: campaign throughput (`npm run bench:campaigns`)',
    '',
    `Measured ${started.toISOString().slice(0, 16)} UTC, in process, ${ROUNDS} rounds (median, with the spread of the rounds); load average ${loadBefore.toFixed(2)} before and ${loadavg()[0]!.toFixed(2)} after. Each round: a campaign to ${RECIPIENTS.toLocaleString('en')} members by email, from its start to its finish (its own timestamps: recipients written, jobs queued, each mail claimed, sent by the SMTP adapter's pool to the local stand-in and recorded), at the default MAIL_RATE_PER_SECOND of ${env.MAIL_RATE_PER_SECOND}. Baseline, interleaved before each round: the same SMTP pool sending ${Math.ceil(RECIPIENTS / 4)} mails back to back, 16 at a time (the worker's sending slots), with no queue or database.`,
    '',
    '| Database | Campaign, mails/s (median) | Spread | Baseline SMTP alone, mails/s | Budget | Within |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${median(r.rates).toFixed(0)} | ${spread(r.rates)} | ${median(r.baselines).toFixed(0)} (${spread(r.baselines)}) | ≥ ${BUDGET_MAILS_PER_SECOND} | ${median(r.rates) >= BUDGET_MAILS_PER_SECOND ? 'yes' : '**no**'} |`,
    ),
    '<!-- bench:campaigns:end -->',
  ].join('\n');
  console.log(`\n${section}\n`);
  if (FULL_RUN) writePerformanceSection('campaigns', section);
  const missed = results.filter((r) => median(r.rates) < BUDGET_MAILS_PER_SECOND);
  console.log(missed.length ? `Over budget: ${missed.map((r) => r.name).join('; ')}` : 'Within budget.');
  process.exitCode = missed.length ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
