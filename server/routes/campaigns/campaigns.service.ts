import { sql, type SQL } from 'drizzle-orm';
import {
  campaignErrorCodes,
  type Audience,
  type CampaignCreate,
  type CampaignReport,
  type CampaignStatus,
  type CampaignChannel,
  type RecipientStatus,
} from '../../../contract/campaigns';
import type { PageQuery } from '../../../contract/paging';
import type { DbExecutor } from '../../db';
import { campaigns } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { recordAudit } from '../../services/audit';
import type { Tenant } from '../../services/auth/tenant-scope';
import { queueDeliveries } from '../../services/campaigns/campaign-worker';
import { audienceOf } from '../../services/campaigns/segments';
import { newId } from '../../services/ids';
import { readJsonPage, sortKey, type JsonPage } from '../../services/keyset-paging';
import type { JobQueue } from '../../services/queue/job-queue';
import { campaignQueueNames } from '../../services/queue/queues';
import { isoText } from '../../services/sql-json';
import { campaignItem, campaignNotFound, campaignReportOf } from './campaigns-view';

/** Who calls: an admin of their NGO (SUPER_ADMIN crosses NGOs). */
export interface CampaignCaller {
  id: string;
  role: string;
  tenant: Tenant;
}

export interface CampaignDeps {
  db: DbExecutor;
  queue: JobQueue;
  /** Whether an SMS provider is configured (AFRICASTALKING_*). */
  smsConfigured: boolean;
}

const fieldError = (field: string, message: string, code = 'validation_failed') =>
  new ApiError(400, message, { code, fields: { [field]: message } });

/** A campaign the caller may read (own NGO; SUPER_ADMIN any), else 404 as if it did not exist. */
async function readableCampaign(db: DbExecutor, caller: CampaignCaller, campaignId: string) {
  const rows = await db.execute<{ ngo_id: string; status: CampaignStatus; retry_round: number }>(
    sql`select ngo_id, status, retry_round from campaigns where id = ${campaignId}`,
  );
  const row = rows.rows[0];
  if (!row || !caller.tenant.canRead(row.ngo_id)) throw campaignNotFound();
  return row;
}

/** POST /campaigns/audience. */
export async function audienceFor(
  db: DbExecutor,
  caller: CampaignCaller,
  query: { segment: CampaignCreate['segment']; channels: CampaignChannel[] },
  smsAvailable: boolean,
): Promise<Audience> {
  const audience = await audienceOf(
    db,
    { role: caller.role, ngoId: caller.tenant.ngoId },
    query.segment,
    query.channels,
  );
  return { ...audience, smsAvailable };
}

/**
 * POST /campaigns: writes the campaign and its start job (at `sendAt`, or now) in the request's
 * transaction, so a refused request leaves neither. The audience is checked now (403 for a segment the
 * caller may not reach, 400 when nobody would receive it) and resolved again when it starts.
 */
export async function createCampaign(
  deps: CampaignDeps,
  caller: CampaignCaller,
  input: CampaignCreate,
  now = new Date(),
): Promise<CampaignReport> {
  if (input.channels.includes('sms') && !deps.smsConfigured)
    throw fieldError(
      'channels',
      'SMS is not set up on this server (an administrator sets AFRICASTALKING_*).',
    );
  let sendAt = now;
  if (input.sendAt) {
    sendAt = new Date(input.sendAt);
    if (sendAt.getTime() < now.getTime() - 60_000)
      throw fieldError('sendAt', 'Send at must be in the future (or choose Send now).');
    if (sendAt.getTime() > now.getTime() + 366 * 24 * 3600_000)
      throw fieldError('sendAt', 'Send at must be within a year.');
  }
  const audience = await audienceFor(deps.db, caller, input, deps.smsConfigured);
  if (Object.values(audience.byChannel).every((n) => n === 0))
    throw new ApiError(400, 'Nobody in this segment can receive it on the channels chosen.', {
      code: campaignErrorCodes.emptyAudience,
      fields: { segment: 'Nobody in this segment can receive it on the channels chosen.' },
    });
  const id = newId();
  await deps.db.insert(campaigns).values({
    id,
    ngoId: caller.tenant.ngoId,
    createdBy: caller.id,
    name: input.name,
    subject: input.subject,
    body: input.body,
    channels: input.channels,
    segment: input.segment,
    status: 'scheduled',
    sendAt,
  });
  await deps.queue.send(
    campaignQueueNames.start,
    { campaignId: id },
    { db: deps.db, key: id, ...(input.sendAt && { startAfter: sendAt }) },
  );
  await recordAudit(deps.db, {
    ngoId: caller.tenant.ngoId,
    actorId: caller.id,
    action: 'campaign.created',
    targetType: 'campaign',
    targetId: id,
    details: {
      name: input.name,
      channels: input.channels,
      segment: input.segment,
      sendAt: sendAt.toISOString(),
    },
  });
  return campaignReportOf(deps.db, id);
}

const campaignKeys = [sortKey(sql`e.created_at`, 'timestamptz', 'desc'), sortKey(sql`e.id`, 'text', 'desc')];

/** GET /campaigns: the caller's NGO's campaigns, newest first, one page. */
export function listCampaignsPage(
  db: DbExecutor,
  caller: CampaignCaller,
  filters: { status?: CampaignStatus | undefined },
  page: PageQuery,
): Promise<JsonPage> {
  const conditions: SQL[] = [sql`e.ngo_id = ${caller.tenant.ngoId}`];
  if (filters.status) conditions.push(sql`e.status = ${filters.status}`);
  return readJsonPage(
    db,
    {
      from: sql`campaigns e`,
      where: sql.join(conditions, sql` and `),
      item: campaignItem,
      keys: campaignKeys,
    },
    {
      listing: 'campaigns',
      filters: { status: filters.status, ngo: caller.tenant.ngoId },
      page,
      reuse: false,
    },
  );
}

export async function getCampaign(db: DbExecutor, caller: CampaignCaller, campaignId: string) {
  await readableCampaign(db, caller, campaignId);
  return campaignReportOf(db, campaignId);
}

const recipientItem = sql<string>`json_build_object('id', e.id, 'channel', e.channel, 'name', e.name,
  'address', e.address, 'status', e.status, 'attempts', e.attempts, 'error', e.error,
  'sentAt', ${isoText('e.sent_at')}, 'openedAt', ${isoText('e.opened_at')})::text`;
const recipientKeys = [sortKey(sql`e.name`, 'text', 'asc'), sortKey(sql`e.id`, 'text', 'asc')];

/** GET /campaigns/{id}/recipients: by name, optionally one status or channel. */
export async function listRecipientsPage(
  db: DbExecutor,
  caller: CampaignCaller,
  campaignId: string,
  filters: { status?: RecipientStatus | undefined; channel?: CampaignChannel | undefined },
  page: PageQuery,
): Promise<JsonPage> {
  await readableCampaign(db, caller, campaignId);
  const conditions: SQL[] = [sql`e.campaign_id = ${campaignId}`];
  if (filters.status) conditions.push(sql`e.status = ${filters.status}`);
  if (filters.channel) conditions.push(sql`e.channel = ${filters.channel}`);
  return readJsonPage(
    db,
    {
      from: sql`campaign_recipients e`,
      where: sql.join(conditions, sql` and `),
      item: recipientItem,
      keys: recipientKeys,
    },
    {
      listing: 'campaign-recipients',
      filters: { campaignId, status: filters.status, channel: filters.channel },
      page,
      reuse: false,
    },
  );
}

const csvCell = (value: string | null) => {
  const text = value ?? '';
  // A cell a spreadsheet would run as a formula is quoted as text (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** GET /campaigns/{id}/failures.csv: the failed and bounced recipients with the provider's answer. */
export async function failuresCsv(db: DbExecutor, caller: CampaignCaller, campaignId: string) {
  await readableCampaign(db, caller, campaignId);
  const rows = await db.execute<{
    name: string;
    channel: string;
    address: string;
    status: string;
    attempts: number;
    error: string | null;
    settled_at: string | null;
  }>(
    sql`select name, channel, address, status, attempts, error, ${isoText('settled_at')} as settled_at
      from campaign_recipients where campaign_id = ${campaignId} and status in ('failed', 'bounced')
      order by name, id`,
  );
  const header = 'name,channel,address,status,attempts,error,when';
  const lines = rows.rows.map((r) =>
    [r.name, r.channel, r.address, r.status, String(r.attempts), r.error, r.settled_at]
      .map(csvCell)
      .join(','),
  );
  return `${[header, ...lines].join('\r\n')}\r\n`;
}

/** POST /campaigns/{id}/retry: the failed recipients (not bounced: the address refused) go again. */
export async function retryFailures(deps: CampaignDeps, caller: CampaignCaller, campaignId: string) {
  const campaign = await readableCampaign(deps.db, caller, campaignId);
  if (campaign.ngo_id !== caller.tenant.ngoId) throw campaignNotFound();
  const nothing = () =>
    new ApiError(409, 'Nothing failed in this campaign, so there is nothing to retry.', {
      code: campaignErrorCodes.nothingToRetry,
    });
  if (campaign.status === 'scheduled' || campaign.status === 'cancelled') throw nothing();
  // One transaction: the rows go back to queued only with their jobs.
  const requeued = await deps.db.transaction(async (tx) => {
    const round = await tx.execute<{ retry_round: number }>(
      sql`update campaigns set retry_round = retry_round + 1, status = 'sending', finished_at = null
        where id = ${campaignId} returning retry_round`,
    );
    const rows = await tx.execute<{ id: string }>(
      sql`update campaign_recipients set status = 'queued', error = null, settled_at = null
        where campaign_id = ${campaignId} and status = 'failed' returning id`,
    );
    if (rows.rows.length === 0) throw nothing();
    await queueDeliveries(deps.queue, tx, campaignId, round.rows[0]!.retry_round);
    await recordAudit(tx, {
      ngoId: caller.tenant.ngoId,
      actorId: caller.id,
      action: 'campaign.failures_retried',
      targetType: 'campaign',
      targetId: campaignId,
      details: { recipients: rows.rows.length },
    });
    return rows.rows.length;
  });
  return { report: await campaignReportOf(deps.db, campaignId), requeued };
}

/** POST /campaigns/{id}/cancel: a scheduled campaign never starts (its start job finds it cancelled). */
export async function cancelCampaign(db: DbExecutor, caller: CampaignCaller, campaignId: string) {
  const campaign = await readableCampaign(db, caller, campaignId);
  if (campaign.ngo_id !== caller.tenant.ngoId) throw campaignNotFound();
  const cancelled = await db.execute(
    sql`update campaigns set status = 'cancelled' where id = ${campaignId} and status = 'scheduled' returning id`,
  );
  if (cancelled.rows.length === 0)
    throw new ApiError(409, 'Only a scheduled campaign can be cancelled; this one has started.', {
      code: campaignErrorCodes.notScheduled,
    });
  await recordAudit(db, {
    ngoId: caller.tenant.ngoId,
    actorId: caller.id,
    action: 'campaign.cancelled',
    targetType: 'campaign',
    targetId: campaignId,
  });
  return campaignReportOf(db, campaignId);
}
