import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  renderMerge,
  type CampaignChannel,
  type MergeValues,
  type Segment,
} from '../../../contract/campaigns';
import type { Database, DbExecutor } from '../../db';
import { newId } from '../ids';
import type { JobQueue, QueueJob, WorkOptions } from '../queue/job-queue';
import { campaignQueueNames, productQueues, type QueueDefinition } from '../queue/queues';
import { scheduleJob } from '../scheduled-job';
import { openPixelUrl, unsubscribeUrl } from './links';
import type { DeliveryOutcome, EmailProvider, SmsProvider } from './providers';
import { createRateLimiter } from './rate-limiter';
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

type ClaimedRow = {
  id: string;
  channel: CampaignChannel;
  address: string;
  name: string;
  scope: string;
  values: MergeValues;
  status: 'sending' | 'unsubscribed';
  attempts: number;
  user_id: string | null;
  campaign_id: string;
  subject: string;
  body: string;
  ngo_id: string;
};

const isUnsubscribed = sql`(r.channel <> 'in_app' and exists (select 1 from notification_unsubscribes x
  where x.scope = r.scope and x.channel = r.channel and x.address = r.address))`;

/** queued → sending (or unsubscribed), by this attempt; null when the row is not queued. */
async function claim(db: DbExecutor, recipientId: string): Promise<ClaimedRow | null> {
  const result = await db.execute<ClaimedRow>(
    sql`update campaign_recipients r set
        status = case when ${isUnsubscribed} then 'unsubscribed' else 'sending' end,
        attempts = r.attempts + case when ${isUnsubscribed} then 0 else 1 end,
        claimed_at = now(),
        settled_at = case when ${isUnsubscribed} then now() end
      from campaigns c
      where r.id = ${recipientId} and r.status = 'queued' and c.id = r.campaign_id and c.status = 'sending'
      returning r.id, r.channel, r.address, r.name, r.scope, r.values, r.status, r.attempts, r.user_id,
        c.id as campaign_id, c.subject, c.body, c.ngo_id`,
  );
  return result.rows[0] ?? null;
}

/**
 * Records an attempt's outcome on the row it claimed (`attempts` names the attempt, so a late first
 * attempt still records over an 'interrupted' verdict), and finishes the campaign when nothing else
 * is on its way. Two last recipients settling at once each see the other unsettled: the sweep
 * finishes those.
 */
async function record(
  db: DbExecutor,
  row: { id: string; attempts: number },
  status: 'sent' | 'bounced' | 'failed' | 'queued' | 'unsubscribed',
  detail: { error?: string; providerId?: string } = {},
) {
  const final = status !== 'queued';
  await db.execute(
    sql`with done as (
        update campaign_recipients set status = ${status}, error = ${detail.error ?? null},
          provider_id = coalesce(${detail.providerId ?? null}, provider_id),
          sent_at = case when ${status} = 'sent' then now() else sent_at end,
          settled_at = case when ${final} then now() end
        where id = ${row.id} and attempts = ${row.attempts} and status in ('sending', 'failed', 'unsubscribed')
        returning campaign_id)
      update campaigns c set status = 'sent', finished_at = now() from done
      where ${final} and c.id = done.campaign_id and c.status = 'sending'
        and not exists (select 1 from campaign_recipients r where r.campaign_id = c.id
          and r.status in ('queued', 'sending') and r.id <> ${row.id})`,
  );
}

/** Finishes every sending campaign with no recipient on its way (the backstop of `record`). */
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

const outcomeStatus = (outcome: DeliveryOutcome) => (outcome.kind === 'sent' ? 'sent' : 'bounced');

export async function startCampaignWorker(options: CampaignWorkerOptions): Promise<() => void> {
  const { db, queue, logger } = options;
  const definitions = options.queues ?? productQueues;
  const retryLimit = definitions[campaignQueueNames.deliver]?.retryLimit ?? 0;
  const limiters = {
    email: createRateLimiter(options.rates.email),
    sms: createRateLimiter(options.rates.sms),
  };
  const slots = {
    email: createSlots(options.slots?.email ?? 8),
    sms: createSlots(options.slots?.sms ?? 4),
    in_app: createSlots(options.slots?.in_app ?? 8),
  };

  /** A row this job claimed earlier but whose attempt never recorded: the process died mid-send. */
  async function settleInterrupted(recipientId: string) {
    const rows = await db.execute<{ id: string; attempts: number; status: string }>(
      sql`select id, attempts, status from campaign_recipients where id = ${recipientId}`,
    );
    const row = rows.rows[0];
    if (row?.status !== 'sending') return;
    await db.execute(
      sql`update campaign_recipients set status = 'failed', error = ${INTERRUPTED_MESSAGE}, settled_at = now()
        where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`,
    );
    await finishSettledCampaigns(db);
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

  async function deliverInApp(recipientId: string) {
    await db.transaction(async (tx) => {
      const row = await claim(tx, recipientId);
      if (!row || row.status !== 'sending' || !row.user_id) return;
      await tx.execute(
        sql`insert into notifications (id, user_id, ngo_id, campaign_id, recipient_id, title, body)
          values (${newId()}, ${row.user_id}, ${row.ngo_id}, ${row.campaign_id}, ${row.id},
            ${renderMerge(row.subject, row.values)}, ${renderMerge(row.body, row.values)})
          on conflict (recipient_id) do nothing`,
      );
      await record(tx, row, 'sent');
    });
  }

  async function deliver(job: QueueJob<DeliverJob>) {
    const { recipientId, channel } = job.data;
    if (channel === 'in_app') return slots.in_app(() => deliverInApp(recipientId));
    await limiters[channel].take(job.signal);
    await slots[channel](async () => {
      const row = await claim(db, recipientId);
      if (!row) return settleInterrupted(recipientId);
      if (row.status === 'unsubscribed') return record(db, row, 'unsubscribed');
      let outcome: DeliveryOutcome;
      try {
        outcome = await sendOutside(row, job);
      } catch (err) {
        outcome = { kind: 'retry', error: err instanceof Error ? err.message : String(err) };
      }
      if (outcome.kind !== 'retry') {
        return record(db, row, outcomeStatus(outcome), {
          ...(outcome.kind === 'sent' ? { providerId: outcome.providerId } : { error: outcome.error }),
        });
      }
      if (job.retryCount >= retryLimit) return record(db, row, 'failed', { error: outcome.error });
      await record(db, row, 'queued', { error: outcome.error });
      throw new Error(`Will retry: ${outcome.error}`);
    });
  }

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
