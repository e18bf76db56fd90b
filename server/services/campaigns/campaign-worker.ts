import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { renderMerge, type CampaignChannel, type Segment } from '../../../contract/campaigns';
import type { Database, DbExecutor } from '../../db';
import { newId } from '../ids';
import type { JobQueue, QueueJob, WorkOptions } from '../queue/job-queue';
import { campaignQueueNames, productQueues, type QueueDefinition } from '../queue/queues';
import { scheduleJob } from '../scheduled-job';
import { openPixelUrl, unsubscribeUrl } from './links';
import type { DeliveryOutcome, EmailProvider, SmsProvider } from './providers';
import { createRateLimiter } from './rate-limiter';
import {
  claimRecipients,
  finishIfSettled,
  groupCommit,
  recordOutcomes,
  type ClaimedRow,
  type Outcome,
  type RecordedStatus,
} from './recipient-rows';
import { renderCampaignEmail } from './render-email';
import { writeRecipients } from './segments';

/*
 * The campaign worker (ADR 0050). Two queues of the durable job queue (ADR 0048):
 * - `campaign.start` {campaignId}: at the campaign's send time, in one transaction, marks it sending,
 *   writes its recipients (segments.ts) and queues one `campaign.deliver` job per queued recipient,
 *   keyed by the recipient and its retry round, so a second run queues nothing twice.
 * - `campaign.deliver` {recipientId, channel}: one recipient. Per channel, a rate limit (the
 *   provider's) and a few sending slots. In a slot, the row is claimed (queued → sending, or
 *   unsubscribed when the address asked), the provider is called outside any transaction, and the
 *   outcome is recorded: sent, bounced, or back to queued and the job thrown for a retry with backoff
 *   (failed when the retries have run out). In-app notifications are database writes only: claim,
 *   notification and outcome commit together.
 *
 * Nobody gets two messages: a row is sent only by the attempt that claimed it. A process killed between
 * its claim and its record leaves the row 'sending'; the job's next run (after its expiry) cannot know
 * whether the provider took the message, so it marks the row failed, saying so, instead of sending again
 * ('Retry failures' sends it if the admin decides). The slots keep that to a few rows per process.
 */

export const INTERRUPTED_MESSAGE =
  'Interrupted by a restart while sending; not sent again automatically, so nobody gets it twice. Retry it if it did not arrive.';

export interface CampaignWorkerOptions {
  db: Database;
  queue: JobQueue;
  logger: Logger;
  email: EmailProvider;
  /** Null when no SMS provider is configured: SMS is then refused when a campaign is composed. */
  sms: SmsProvider | null;
  /** The origin of the links mails carry (PUBLIC_URL). */
  appUrl: string;
  /** JWT_SECRET: the links' signatures are keyed from it (links.ts). */
  secret: string;
  /** Messages per second per provider in this process (MAIL_RATE_PER_SECOND, SMS_RATE_PER_SECOND). */
  rates: { email: number; sms: number };
  /** The queues' definitions the jobs were sent with (their retry limit decides 'failed'). */
  queues?: Record<string, QueueDefinition>;
  /** Sending slots per channel: messages handed to a provider at once by this process. */
  slots?: Partial<Record<CampaignChannel, number>>;
  /** The deliver queue's fetch pace (WorkOptions). */
  deliverPace?: WorkOptions;
  /** Seconds between sweeps that finish campaigns whose last recipients settled at the same moment. */
  finishSweepSeconds?: number;
}

/** At most `size` runs at once; the rest wait in order. */
function createSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return async <T>(run: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await run();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

/** Finishes every sending campaign with no recipient on its way (the backstop of `finishIfSettled`). */
export async function finishSettledCampaigns(db: DbExecutor): Promise<number> {
  const result = await db.execute<{ id: string }>(
    sql`update campaigns c set status = 'sent', finished_at = now()
      where c.status = 'sending' and not exists (select 1 from campaign_recipients r
        where r.campaign_id = c.id and r.status in ('queued', 'sending'))
      returning c.id`,
  );
  return result.rows.length;
}

/** Queues a deliver job for each of the campaign's queued recipients, keyed by recipient and round. */
export async function queueDeliveries(
  queue: JobQueue,
  db: DbExecutor,
  campaignId: string,
  round: number,
): Promise<number> {
  const queued = await db.execute<{ id: string; channel: CampaignChannel }>(
    sql`select id, channel from campaign_recipients where campaign_id = ${campaignId} and status = 'queued'`,
  );
  await queue.sendMany(
    campaignQueueNames.deliver,
    queued.rows.map((r) => ({ data: { recipientId: r.id, channel: r.channel }, key: `${r.id}:${round}` })),
    { db },
  );
  return queued.rows.length;
}

/** The start job's work: one transaction, so a crash leaves the campaign scheduled and it runs again. */
export async function startCampaign(db: Database, queue: JobQueue, campaignId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const started = await tx.execute<{
      id: string;
      ngo_id: string;
      channels: string[];
      segment: Segment;
      retry_round: number;
      creator_role: string | null;
    }>(
      sql`update campaigns c set status = 'sending', started_at = now()
        where c.id = ${campaignId} and c.status = 'scheduled'
        returning c.id, c.ngo_id, c.channels, c.segment, c.retry_round,
          (select u.role from users u where u.id = c.created_by) as creator_role`,
    );
    const campaign = started.rows[0];
    if (!campaign) return; // started already, or cancelled
    // The segment is resolved with the rights of whoever composed it (checked then, checked again now).
    await writeRecipients(tx, campaign, {
      role: campaign.creator_role ?? 'NGO_ADMIN',
      ngoId: campaign.ngo_id,
    });
    const queued = await queueDeliveries(queue, tx, campaign.id, campaign.retry_round);
    if (queued === 0) await finishSettledCampaigns(tx);
  });
}

/**
 * Queues the start job of every scheduled campaign, keyed by the campaign, so one already queued is
 * left as it is: a campaign written without its job (the demo's seed) or whose job was deleted still
 * starts on time.
 */
async function queueScheduledStarts(db: Database, queue: JobQueue) {
  const scheduled = await db.execute<{ id: string; send_at: string }>(
    sql`select id, send_at from campaigns where status = 'scheduled'`,
  );
  for (const c of scheduled.rows)
    await queue.send(
      campaignQueueNames.start,
      { campaignId: c.id },
      { db, key: c.id, startAfter: new Date(c.send_at) },
    );
}

export async function startCampaignWorker(options: CampaignWorkerOptions): Promise<() => void> {
  const { db, queue, logger } = options;
  const definitions = options.queues ?? productQueues;
  const retryLimit = definitions[campaignQueueNames.deliver]?.retryLimit ?? 0;
  const limiters = {
    email: createRateLimiter(options.rates.email),
    sms: createRateLimiter(options.rates.sms),
  };
  const slots = {
    email: createSlots(options.slots?.email ?? 16),
    sms: createSlots(options.slots?.sms ?? 4),
    in_app: createSlots(options.slots?.in_app ?? 8),
  };

  /** A row this job claimed earlier but whose attempt never recorded: the process died mid-send. */
  async function settleInterrupted(recipientId: string) {
    const rows = await db.execute<{ id: string; attempts: number; status: string; campaign_id: string }>(
      sql`select id, attempts, status, campaign_id from campaign_recipients where id = ${recipientId}`,
    );
    const row = rows.rows[0];
    if (row?.status !== 'sending') return;
    await db.execute(
      sql`update campaign_recipients set status = 'failed', error = ${INTERRUPTED_MESSAGE}, settled_at = now()
        where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`,
    );
    await finishIfSettled(db, [row.campaign_id]);
  }

  async function sendOutside(row: ClaimedRow, job: QueueJob<DeliverJob>): Promise<DeliveryOutcome> {
    if (row.channel === 'sms') {
      if (!options.sms) return { kind: 'bounced', error: 'No SMS provider is configured on this server.' };
      const message = renderMerge(row.body, row.values);
      return options.sms.send({ to: row.address, message, idempotencyKey: job.id });
    }
    return options.email.send(
      renderCampaignEmail({
        to: row.address,
        subject: row.subject,
        body: row.body,
        values: row.values,
        scope: row.scope,
        unsubscribeUrl: unsubscribeUrl(options.appUrl, options.secret, row.id),
        openPixelUrl: openPixelUrl(options.appUrl, options.secret, row.id),
        messageId: `${job.id}@ngo-portal`,
      }),
    );
  }

  // The sends in flight share their statements (recipient-rows.ts): one claim, one record, one finish.
  const claim = groupCommit(async (ids: string[]) => {
    const claimed = new Map((await claimRecipients(db, ids)).map((row) => [row.id, row]));
    return ids.map((id) => claimed.get(id) ?? null);
  });
  const record = groupCommit(async (outcomes: Outcome[]) => {
    await recordOutcomes(db, outcomes);
    const settled = [...new Set(outcomes.filter((o) => o.status !== 'queued').map((o) => o.campaignId))];
    if (settled.length) await finishIfSettled(db, settled);
    return outcomes.map(() => undefined);
  });
  const outcomeOf = (row: ClaimedRow, status: RecordedStatus, detail: Partial<Outcome> = {}): Outcome => ({
    id: row.id,
    attempts: row.attempts,
    campaignId: row.campaign_id,
    status,
    ...detail,
  });

  async function deliverInApp(recipientId: string) {
    // Claim, notification and outcome commit together: a retried job finds the row sent.
    const campaignId = await db.transaction(async (tx) => {
      const [row] = await claimRecipients(tx, [recipientId]);
      if (!row || row.status !== 'sending' || !row.user_id) return null;
      await tx.execute(
        sql`insert into notifications (id, user_id, ngo_id, campaign_id, recipient_id, title, body)
          values (${newId()}, ${row.user_id}, ${row.ngo_id}, ${row.campaign_id}, ${row.id},
            ${renderMerge(row.subject, row.values)}, ${renderMerge(row.body, row.values)})
          on conflict (recipient_id) do nothing`,
      );
      await recordOutcomes(tx, [outcomeOf(row, 'sent')]);
      return row.campaign_id;
    });
    if (campaignId) await finishIfSettled(db, [campaignId]);
  }

  async function deliver(job: QueueJob<DeliverJob>) {
    const { recipientId, channel } = job.data;
    if (channel === 'in_app') return slots.in_app(() => deliverInApp(recipientId));
    await limiters[channel].take(job.signal);
    await slots[channel](async () => {
      const row = await claim(recipientId);
      if (!row) return settleInterrupted(recipientId);
      if (row.status === 'unsubscribed') return record(outcomeOf(row, 'unsubscribed'));
      let outcome: DeliveryOutcome;
      try {
        outcome = await sendOutside(row, job);
      } catch (err) {
        outcome = { kind: 'retry', error: err instanceof Error ? err.message : String(err) };
      }
      if (outcome.kind === 'sent') return record(outcomeOf(row, 'sent', { providerId: outcome.providerId }));
      if (outcome.kind === 'bounced') return record(outcomeOf(row, 'bounced', { error: outcome.error }));
      if (job.retryCount >= retryLimit) return record(outcomeOf(row, 'failed', { error: outcome.error }));
      await record(outcomeOf(row, 'queued', { error: outcome.error }));
      throw new Error(`Will retry: ${outcome.error}`);
    });
  }

  await queueScheduledStarts(db, queue);
  await queue.work<{ campaignId: string }>(campaignQueueNames.start, { pollingIntervalSeconds: 1 }, (job) =>
    startCampaign(db, queue, job.data.campaignId),
  );
  await queue.work<DeliverJob>(
    campaignQueueNames.deliver,
    options.deliverPace ?? { batchSize: 100, localConcurrency: 2, pollingIntervalSeconds: 0.5 },
    deliver,
  );
  const stopSweep = scheduleJob(logger, {
    run: () => finishSettledCampaigns(db),
    intervalMs: (options.finishSweepSeconds ?? 15) * 1000,
    failure: 'finishing campaigns failed',
  });
  // The providers stay open: jobs still running when the queue stops (8 s of grace) finish with them.
  return stopSweep;
}

interface DeliverJob {
  recipientId: string;
  channel: CampaignChannel;
}
