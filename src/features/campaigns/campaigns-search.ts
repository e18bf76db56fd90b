import type { SortOrder } from '@contract/content-common';
import type { CampaignChannel, CampaignStatus, RecipientStatus } from '@contract/campaigns';
import { enumParam, searchParamsReader } from '@/lib/listing/search-params-reader';

/*
 * The Send Notification screen's URL (/admin/bulk-email): the list's status filter, the composer
 * (`?new=1`), the report of one campaign (`?campaign=<id>`) with its recipients' filters. So a report
 * is a link, and Back leaves the composer or the report for the list. Read by hand, keeping zod off
 * the route tree (ADR 0006): the values are contract/campaigns.ts's, repeated and typed from it.
 */

export const CAMPAIGN_STATUSES = [
  'scheduled',
  'sending',
  'sent',
  'cancelled',
] as const satisfies readonly CampaignStatus[];
export const RECIPIENT_STATUSES = [
  'queued',
  'sending',
  'sent',
  'bounced',
  'failed',
  'unsubscribed',
] as const satisfies readonly RecipientStatus[];
export const CAMPAIGN_CHANNELS = ['email', 'in_app', 'sms'] as const satisfies readonly CampaignChannel[];

/** GET /api/campaigns's filter (contract campaignListQuery) as the listing machinery holds it. */
export type CampaignFilter = {
  status?: CampaignStatus;
  /** The API answers newest first; there is no other order to choose. */
  sortBy?: 'createdAt';
  sortOrder?: SortOrder;
};

/** GET /api/campaigns/{id}/recipients's filter (contract recipientListQuery). */
export type RecipientFilter = {
  status?: RecipientStatus;
  channel?: CampaignChannel;
};

export type CampaignsSearch = {
  status?: CampaignStatus;
  /** The composer is open (`?new=1`). */
  new?: 1;
  /** The campaign whose report is open. */
  campaign?: string;
  /** The report's recipients table: its status and channel filters. */
  recipientStatus?: RecipientStatus;
  channel?: CampaignChannel;
};

// The router reads ?new=1 as the number 1; a hand-written ?new=true is taken too.
const newParam = (raw: unknown) => (raw === 1 || raw === '1' || raw === true ? (1 as const) : undefined);
// Ids are opaque; a number-looking one arrives as a number.
const idParam = (raw: unknown) =>
  (typeof raw === 'string' || typeof raw === 'number') && String(raw).trim() && String(raw).length <= 64
    ? String(raw).trim()
    : undefined;

export const campaignsSearch = searchParamsReader<CampaignsSearch>({
  status: enumParam(CAMPAIGN_STATUSES),
  new: newParam,
  campaign: idParam,
  recipientStatus: enumParam(RECIPIENT_STATUSES),
  channel: enumParam(CAMPAIGN_CHANNELS),
});

/** The list a search asks for: only its status filter. */
export const campaignFilterOf = (search: CampaignsSearch): CampaignFilter =>
  search.status ? { status: search.status } : {};

/** The recipients a report's search asks for; blanks left out, so equal filters share a cache entry. */
export const recipientFilterOf = (search: CampaignsSearch): RecipientFilter => ({
  ...(search.recipientStatus && { status: search.recipientStatus }),
  ...(search.channel && { channel: search.channel }),
});
