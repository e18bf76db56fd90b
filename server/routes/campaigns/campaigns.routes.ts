import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  audience,
  audienceQuery,
  campaign,
  campaignCreate,
  campaignListQuery,
  campaignOrganisation,
  campaignRecipient,
  campaignReport,
  recipientListQuery,
} from '../../../contract/campaigns';
import { opaqueId } from '../../../contract/storable';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppBindings, AppDeps } from '../../http/context';
import { PER_USER } from '../../http/etag';
import { idempotency } from '../../http/idempotency';
import {
  bearer,
  errors,
  idempotencyKeyHeaders,
  idempotentResponses,
  jsonBody,
  jsonResponse,
} from '../../http/openapi-helpers';
import { pagedJson, pagedListResponses, splitPageQuery } from '../../http/paged-listing';
import { createRouter } from '../../http/router';
import { ApiError } from '../../services/api-error';
import {
  audienceFor,
  cancelCampaign,
  createCampaign,
  failuresCsv,
  getCampaign,
  listCampaignsPage,
  listRecipientsPage,
  retryFailures,
  type CampaignCaller,
  type CampaignDeps,
} from './campaigns.service';

const tags = ['Bulk notifications'];
const campaignIdParams = z.object({ campaignId: opaqueId('Campaign id') });
const scopeNote =
  ' SUPER_ADMIN, ADMIN and NGO_ADMIN only (else 403); a campaign of another organisation answers 404 ' +
  '(a SUPER_ADMIN reads any, and changes only their own organisation’s).';

/** /api/campaigns (issue 16, ADR 0050, contract/campaigns.ts): compose, send, report, retry. */
export function createCampaignsRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const may = requirePermission('campaigns:send');
  const idem = idempotency();
  const smsConfigured = Boolean(deps.env.AFRICASTALKING_USERNAME && deps.env.AFRICASTALKING_API_KEY);

  const callerOf = (c: Context<AppBindings>): CampaignCaller => ({
    id: c.var.user.id,
    role: c.var.user.role,
    tenant: c.var.tenant,
  });
  // The queue is asked for only when a job is sent, so a refused request says why, not that sending is off.
  const depsOf = (c: Context<AppBindings>): CampaignDeps => ({
    db: c.var.db,
    smsConfigured,
    get queue() {
      if (!deps.queue?.started)
        throw new ApiError(503, 'Sending is not available right now: the job queue is not running.');
      return deps.queue;
    },
  });

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The organisation’s campaigns, newest first',
    description:
      'Each with its recipients’ counts by status. Always one page: `limit` 1 to 100 (default 25); ' +
      '`Next-Cursor` names the next page.' +
      scopeNote,
    security: bearer,
    middleware: [auth, may] as const,
    request: { query: campaignListQuery },
    responses: {
      ...pagedListResponses(z.array(campaign), 'One page of campaigns'),
      ...errors(400, 401, 403),
    },
  });

  const createCampaignRoute = createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Compose a campaign: send now, or at `sendAt`',
    description:
      'Unknown merge fields in the subject or body are a 400 naming the field. The segment must be one the ' +
      'caller may reach (other organisations and the newsletter: SUPER_ADMIN only, else 403) and reach ' +
      'someone on the channels chosen (else 400 `campaign_empty_audience`). SMS needs a configured provider ' +
      '(else 400 naming `channels`). The audience is resolved when the campaign starts; each recipient is a ' +
      'job of the durable queue.' +
      scopeNote,
    security: bearer,
    middleware: [auth, may, idem] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(campaignCreate) },
    responses: {
      201: jsonResponse(campaignReport, 'The campaign, scheduled'),
      ...errors(400, 401, 403),
      ...idempotentResponses,
    },
  });

  const audienceRoute = createRoute({
    method: 'post',
    path: '/audience',
    tags,
    summary: 'Who a segment reaches: counts per channel and a sample for the preview',
    description:
      'Recipients per channel leave out people with no address on it (SMS: no phone number) and those ' +
      'who unsubscribed. The sample is the first 20 people by name, with their merge values.' +
      scopeNote,
    security: bearer,
    middleware: [auth, may] as const,
    request: { body: jsonBody(audienceQuery) },
    responses: { 200: jsonResponse(audience, 'The audience'), ...errors(400, 401, 403) },
  });

  const organisationsRoute = createRoute({
    method: 'get',
    path: '/organisations',
    tags,
    summary: 'The organisations a SUPER_ADMIN may message, by name, with their active members',
    description: 'For the segment’s choice of organisations. SUPER_ADMIN only (else 403).',
    security: bearer,
    middleware: [auth, may, requirePermission('tenants:cross')] as const,
    responses: {
      200: jsonResponse(z.array(campaignOrganisation), 'The organisations'),
      ...errors(401, 403),
    },
  });

  const getRoute = createRoute({
    method: 'get',
    path: '/{campaignId}',
    tags,
    summary: 'A campaign’s report: counts per status and channel, opens, pace',
    description: `\`ratePerSecond\` is recipients settled per second over the last minute.${scopeNote}`,
    security: bearer,
    middleware: [auth, may] as const,
    request: { params: campaignIdParams },
    responses: { 200: jsonResponse(campaignReport, 'The report'), ...errors(400, 401, 403, 404) },
  });

  const recipientsRoute = createRoute({
    method: 'get',
    path: '/{campaignId}/recipients',
    tags,
    summary: 'A campaign’s recipients by name, optionally of one status or channel',
    description: `One page (\`limit\`, \`cursor\`; \`Next-Cursor\`).${scopeNote}`,
    security: bearer,
    middleware: [auth, may] as const,
    request: { params: campaignIdParams, query: recipientListQuery },
    responses: {
      ...pagedListResponses(z.array(campaignRecipient), 'One page of recipients'),
      ...errors(400, 401, 403, 404),
    },
  });

  const failuresRoute = createRoute({
    method: 'get',
    path: '/{campaignId}/failures.csv',
    tags,
    summary: 'The failed and bounced recipients as CSV, with the provider’s answer',
    security: bearer,
    middleware: [auth, may] as const,
    request: { params: campaignIdParams },
    responses: {
      200: {
        description: 'CSV (UTF-8), one line per recipient',
        content: { 'text/csv': { schema: z.string() } },
      },
      ...errors(400, 401, 403, 404),
    },
  });

  const retryRoute = createRoute({
    method: 'post',
    path: '/{campaignId}/retry',
    tags,
    summary: 'Send the failed recipients again (bounced addresses are not retried)',
    description: `409 \`campaign_nothing_to_retry\` when nothing failed.${scopeNote}`,
    security: bearer,
    middleware: [auth, may] as const,
    request: { params: campaignIdParams },
    responses: { 200: jsonResponse(campaignReport, 'The report'), ...errors(400, 401, 403, 404, 409) },
  });

  const cancelRoute = createRoute({
    method: 'post',
    path: '/{campaignId}/cancel',
    tags,
    summary: 'Cancel a scheduled campaign before it starts',
    description: `409 \`campaign_not_scheduled\` once it has started.${scopeNote}`,
    security: bearer,
    middleware: [auth, may] as const,
    request: { params: campaignIdParams },
    responses: { 200: jsonResponse(campaignReport, 'The report'), ...errors(400, 401, 403, 404, 409) },
  });

  return createRouter()
    .openapi(listRoute, async (c) => {
      const { filters, page } = splitPageQuery(c.req.valid('query'));
      c.header('Cache-Control', 'private, no-store');
      return pagedJson(
        c,
        await listCampaignsPage(c.var.db, callerOf(c), filters, page ?? { limit: undefined }),
        PER_USER,
      );
    })
    .openapi(createCampaignRoute, async (c) =>
      c.json(await createCampaign(depsOf(c), callerOf(c), c.req.valid('json')), 201),
    )
    .openapi(audienceRoute, async (c) =>
      c.json(await audienceFor(c.var.db, callerOf(c), c.req.valid('json'), smsConfigured), 200),
    )
    .openapi(organisationsRoute, async (c) => {
      const rows = await c.var.db.execute<{ id: string; name: string; members: number }>(
        sql`select n.id, n.name, (select count(*)::int from users u where u.ngo_id = n.id and u.status = 'active') as members
          from ngos n order by lower(n.name), n.id`,
      );
      c.header('Cache-Control', PER_USER);
      return c.json(rows.rows, 200);
    })
    .openapi(getRoute, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await getCampaign(c.var.db, callerOf(c), c.req.valid('param').campaignId), 200);
    })
    .openapi(recipientsRoute, async (c) => {
      const { filters, page } = splitPageQuery(c.req.valid('query'));
      const result = await listRecipientsPage(
        c.var.db,
        callerOf(c),
        c.req.valid('param').campaignId,
        filters,
        page ?? { limit: undefined },
      );
      return pagedJson(c, result, PER_USER);
    })
    .openapi(failuresRoute, async (c) => {
      const { campaignId } = c.req.valid('param');
      const csv = await failuresCsv(c.var.db, callerOf(c), campaignId);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="campaign-${campaignId}-failures.csv"`);
      c.header('Cache-Control', 'private, no-store');
      return c.body(csv, 200);
    })
    .openapi(retryRoute, async (c) => {
      const { report } = await retryFailures(depsOf(c), callerOf(c), c.req.valid('param').campaignId);
      return c.json(report, 200);
    })
    .openapi(cancelRoute, async (c) =>
      c.json(await cancelCampaign(c.var.db, callerOf(c), c.req.valid('param').campaignId), 200),
    );
}
