import { sql } from 'drizzle-orm';
import type { CampaignChannel, MergeValues } from '../../../contract/campaigns';
import type { DbExecutor } from '../../db';

/*
 * The statements that move campaign recipients through their statuses (ADR 0050), each over many rows
 * at once: the worker sends them through `groupCommit`, so the recipients of the sends in flight share
 * one claim and one record statement. On the embedded database every statement takes its turn on one
 * thread; one per batch instead of one per mail is what lets a campaign keep its pace there.
 */

export type ClaimedRow = {
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

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * queued → sending (or unsubscribed, when the address asked), for each recipient still queued of a
 * sending campaign; the others are left out of the answer (settled, or claimed by another attempt).
 */
export async function claimRecipients(db: DbExecutor, recipientIds: string[]): Promise<ClaimedRow[]> {
  // The unsubscribe check once per row, in a CTE, rather than in each SET expression that needs it.
  const result = await db.execute<ClaimedRow>(
    sql`with target as (
        select r.id, (r.channel <> 'in_app' and exists (select 1 from notification_unsubscribes x
          where x.scope = r.scope and x.channel = r.channel and x.address = r.address)) as unsubscribed
        from campaign_recipients r where r.id in (${idList(recipientIds)}) and r.status = 'queued')
      update campaign_recipients r set
        status = case when t.unsubscribed then 'unsubscribed' else 'sending' end,
        attempts = r.attempts + case when t.unsubscribed then 0 else 1 end,
        claimed_at = now(),
        settled_at = case when t.unsubscribed then now() end
      from target t, campaigns c
      where r.id = t.id and r.status = 'queued' and c.id = r.campaign_id and c.status = 'sending'
      returning r.id, r.channel, r.address, r.name, r.scope, r.values, r.status, r.attempts, r.user_id,
        c.id as campaign_id, c.subject, c.body, c.ngo_id`,
  );
  return result.rows;
}

export type RecordedStatus = 'sent' | 'bounced' | 'failed' | 'queued' | 'unsubscribed';

export interface Outcome {
  id: string;
  /** The attempt that claimed the row: a late first attempt still records over an 'interrupted' verdict. */
  attempts: number;
  campaignId: string;
  status: RecordedStatus;
  error?: string | undefined;
  providerId?: string | undefined;
}

/** Records attempts' outcomes on the rows they claimed ('queued': back for a retry). */
export async function recordOutcomes(db: DbExecutor, outcomes: Outcome[]): Promise<void> {
  const rows = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.id}::text, ${o.attempts}::int, ${o.status}::text, ${o.error ?? null}::text, ${o.providerId ?? null}::text)`,
    ),
    sql`, `,
  );
  await db.execute(
    sql`update campaign_recipients r set status = v.status, error = v.error,
        provider_id = coalesce(v.provider_id, r.provider_id),
        sent_at = case when v.status = 'sent' then now() else r.sent_at end,
        settled_at = case when v.status <> 'queued' then now() end
      from (values ${rows}) as v(id, attempts, status, error, provider_id)
      where r.id = v.id and r.attempts = v.attempts and r.status in ('sending', 'failed', 'unsubscribed')`,
  );
}

/**
 * Marks each campaign sent when none of its recipients is on its way (an index probe while many are).
 * Its own statement, after the outcomes committed: of two last recipients settling at once, the later
 * one's check sees both settled.
 */
export async function finishIfSettled(db: DbExecutor, campaignIds: string[]): Promise<void> {
  await db.execute(
    sql`update campaigns c set status = 'sent', finished_at = now()
      where c.id in (${idList(campaignIds)}) and c.status = 'sending'
        and not exists (select 1 from campaign_recipients r
          where r.campaign_id = c.id and r.status in ('queued', 'sending'))`,
  );
}

/**
 * Runs the calls made while the previous batch was in flight as one batch (group commit): the first
 * call runs at once; the ones that arrive meanwhile wait for it and go together. `run` answers one
 * result per item, in order. A failed batch fails each of its calls.
 */
export function groupCommit<I, O>(run: (items: I[]) => Promise<O[]>): (item: I) => Promise<O> {
  let waiting: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  let busy = false;
  const flush = async () => {
    if (busy || waiting.length === 0) return;
    busy = true;
    const batch = waiting;
    waiting = [];
    try {
      const results = await run(batch.map((b) => b.item));
      batch.forEach((b, i) => b.resolve(results[i]!));
    } catch (error) {
      for (const b of batch) b.reject(error);
    } finally {
      busy = false;
      void flush();
    }
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      void flush();
    });
}
