import { sql, type SQL } from 'drizzle-orm';
import {
  campaignChannels,
  recipientStatuses,
  type Campaign,
  type CampaignReport,
} from '../../../contract/campaigns';
import type { DbExecutor } from '../../db';
import { ApiError } from '../../services/api-error';
import { isoText } from '../../services/sql-json';

/*
 * The one serializer of campaigns (contract/campaigns.ts `campaign`, `campaignReport`), written by
 * Postgres as JSON text for keyset paging. Counts come from the recipients' (campaign_id, status)
 * index; every status and channel is present, zero or not, so the screens never test for a key.
 */

/** `{queued: n, sending: n, …}` over the recipients `r` matching `where`. */
const statusCountsOf = (where: SQL) =>
  sql`(select json_build_object(${sql.join(
    recipientStatuses.map((s) => sql`${s}::text, count(*) filter (where r.status = ${s})`),
    sql`, `,
  )}) from campaign_recipients r where ${where})`;

/** One campaign as the list answers it, as JSON text, from `campaigns e`. */
export const campaignItem = sql<string>`json_build_object(
  'id', e.id, 'ngoId', e.ngo_id, 'ngoName', coalesce((select n.name from ngos n where n.id = e.ngo_id), ''),
  'name', e.name, 'subject', e.subject, 'channels', to_json(e.channels), 'segment', e.segment,
  'status', e.status,
  'createdBy', json_build_object('id', coalesce(e.created_by, ''),
    'name', coalesce((select u.name from users u where u.id = e.created_by), 'A former member')),
  'createdAt', ${isoText('e.created_at')}, 'sendAt', ${isoText('e.send_at')},
  'startedAt', ${isoText('e.started_at')}, 'finishedAt', ${isoText('e.finished_at')},
  'total', (select count(*) from campaign_recipients r where r.campaign_id = e.id),
  'counts', ${statusCountsOf(sql`r.campaign_id = e.id`)}
)::text`;

export const campaignNotFound = () => new ApiError(404, 'No such campaign.', { code: 'not_found' });

/** GET /campaigns/{id}: the campaign with its body, counts per channel, opens and recent pace. */
export async function campaignReportOf(db: DbExecutor, campaignId: string): Promise<CampaignReport> {
  const byChannel = sql.join(
    campaignChannels.map(
      (ch) => sql`${ch}::text, ${statusCountsOf(sql`r.campaign_id = e.id and r.channel = ${ch}`)}`,
    ),
    sql`, `,
  );
  const result = await db.execute<{
    item: string;
    body: string;
    by_channel: unknown;
    opened: number;
    rate: number;
  }>(
    sql`select ${campaignItem} as item, e.body, json_build_object(${byChannel}) as by_channel,
        (select count(*)::int from campaign_recipients r where r.campaign_id = e.id and r.opened_at is not null) as opened,
        (select count(*)::float from campaign_recipients r where r.campaign_id = e.id
          and r.settled_at > now() - interval '1 minute')
          / greatest(1, least(60, extract(epoch from now() - coalesce(e.started_at, now())))) as rate
      from campaigns e where e.id = ${campaignId}`,
  );
  const row = result.rows[0];
  if (!row) throw campaignNotFound();
  const base = JSON.parse(row.item) as Campaign;
  return {
    ...base,
    body: row.body,
    byChannel: row.by_channel as CampaignReport['byChannel'],
    opened: Number(row.opened),
    ratePerSecond: Math.round(Number(row.rate) * 100) / 100,
  };
}
