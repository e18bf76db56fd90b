import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  activityHistoryEntry,
  activityHoursEdit,
  activityReport,
  activityReportCreate,
  activityReportList,
  activityReportListQuery,
  activityReview,
  REPORT_FUTURE_DAYS,
  REPORT_PHOTO_MAX_BYTES,
  reportIdParams,
  reportPhotoParams,
  REVIEW_BATCH_MAX,
  type ActivityReport,
} from '../../../contract/activity-reports';
import { errorBody } from '../../../contract/errors';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppBindings, AppDeps } from '../../http/context';
import { PER_USER } from '../../http/etag';
import { idempotency } from '../../http/idempotency';
import { bearer, errors, idempotencyKeyHeaders, jsonBody, jsonResponse } from '../../http/openapi-helpers';
import { pagedJson, pagedListResponses, splitPageQuery } from '../../http/paged-listing';
import { createRouter } from '../../http/router';
import { ApiError } from '../../services/api-error';
import {
  createReport,
  editHours,
  getReport,
  listReportsPage,
  reportHistory,
  reviewReports,
  type ActivityCaller,
} from './activity-reports.service';
import { receivePhoto } from './report-photos.service';

const tags = ['Activity reports'];

export const activityCallerOf = (c: Context<AppBindings>): ActivityCaller => ({
  id: c.var.user.id,
  role: c.var.user.role,
  tenant: c.var.tenant,
});

const scope =
  ' A VOLUNTEER sees only their own reports; another organisation’s report (or, for a volunteer, another ' +
  'volunteer’s) answers 404.';

/** The Content-Length of a photo: required, and within the limit (the body limit refuses first). */
function declaredLength(c: Context<AppBindings>): number {
  const header = c.req.header('content-length')?.trim();
  if (header === undefined || !/^\d{1,16}$/.test(header))
    throw new ApiError(411, 'Send the photo with its length (a Content-Length header).', {
      code: 'length_required',
    });
  const declared = Number(header);
  if (declared > REPORT_PHOTO_MAX_BYTES)
    throw new ApiError(413, `This photo is too large (${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB at most).`, {
      code: 'payload_too_large',
    });
  return declared;
}

const conflict409 = {
  409: {
    description:
      'The report id was already sent with other content, or by someone else (`activity_report_conflict`); ' +
      'or the Idempotency-Key was reused with a different payload (`idempotency_key_reused`)',
    content: { 'application/json': { schema: errorBody } },
  },
};

export function createActivityReportsRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const idem = idempotency();

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'Activity reports, newest day first (the review queue is status=pending)',
    description:
      '`status`, `volunteerId`, `from`/`to` (inclusive days) and `q` (searches descriptions) narrow the list.' +
      scope +
      ' Always one page: `limit` 1 to 100 (default 25); `Next-Cursor` names the next page. Never cached.',
    security: bearer,
    middleware: [auth, requirePermission('activity:read')] as const,
    request: { query: activityReportListQuery },
    responses: { ...pagedListResponses(activityReportList, 'One page of the reports'), ...errors(401, 403) },
  });

  const getRoute = createRoute({
    method: 'get',
    path: '/{reportId}',
    tags,
    summary: 'One activity report',
    description: scope.trim(),
    security: bearer,
    middleware: [auth, requirePermission('activity:read')] as const,
    request: { params: reportIdParams },
    responses: { 200: jsonResponse(activityReport, 'The report'), ...errors(400, 401, 403, 404) },
  });

  const createReportRoute = createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'A volunteer reports their work (sent from the outbox)',
    description:
      'The id is a UUID made on the device. The same report sent again (same id, same content) answers 200 ' +
      'with the stored report; the same id with other content is a 409 `activity_report_conflict`. ' +
      `The day may be at most ${REPORT_FUTURE_DAYS} day after the server’s UTC today (else 400 naming ` +
      '`date`); a task must be one assigned to the caller (else 400 naming `taskId`). Each listed photo is ' +
      'sent afterwards with PUT …/photos/{name}.',
    security: bearer,
    middleware: [auth, requirePermission('activity:submit'), idem] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(activityReportCreate) },
    responses: {
      201: jsonResponse(activityReport, 'The report as stored'),
      200: jsonResponse(activityReport, 'The same report, sent before'),
      ...errors(400, 401, 403),
      ...conflict409,
    },
  });

  const photoRoute = createRoute({
    method: 'put',
    path: '/{reportId}/photos/{name}',
    tags,
    summary: 'Send one photo of the caller’s own report',
    description:
      `The body is the picture's bytes (JPEG, PNG or WebP, sniffed; at most ${REPORT_PHOTO_MAX_BYTES} bytes) ` +
      'with its exact Content-Length. `name` must be one the report lists (else 400 `activity_photo_unknown`); ' +
      'other bytes than a picture are a 400 `activity_photo_type`. The photo is stored in the organisation’s ' +
      'Cloud Storage, folder “Activity reports” (past the plan’s storage, 413 `storage_quota_exceeded`). Sent ' +
      'again once received, it answers 200 and is not stored twice. A report not sent yet, or not the ' +
      'caller’s, answers 404: send the report first.',
    security: bearer,
    middleware: [auth, requirePermission('activity:submit')] as const,
    request: {
      params: reportPhotoParams,
      body: {
        required: true,
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
    },
    responses: {
      201: jsonResponse(activityReport, 'The report, with the photo received'),
      200: jsonResponse(activityReport, 'The report; the photo had already arrived'),
      ...errors(400, 401, 403, 404, 409, 411, 413),
    },
  });

  const reviewRoute = createRoute({
    method: 'post',
    path: '/review',
    tags,
    summary: `Approve or decline up to ${REVIEW_BATCH_MAX} pending reports at once (staff and admins)`,
    description:
      'All or nothing: an id not of the caller’s organisation is a 404 naming `ids`; a report no longer ' +
      'pending is a 409 `activity_report_not_pending` naming `ids`; in both cases nothing changes. ' +
      'Declining needs a `reason`. Every review joins the audit trail.',
    security: bearer,
    middleware: [auth, requirePermission('activity:review'), idem] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(activityReview) },
    responses: {
      200: jsonResponse(z.object({ reviewed: activityReportList }), 'The reports as reviewed'),
      ...errors(400, 401, 403, 404, 409),
    },
  });

  const hoursRoute = createRoute({
    method: 'patch',
    path: '/{reportId}/hours',
    tags,
    summary: 'Correct the counted hours of a pending or approved report, saying why (staff and admins)',
    description:
      'The volunteer’s reported minutes are kept; the change (from, to, reason, who, when) joins the ' +
      'report’s history. A declined report is a 409 `activity_report_declined`.',
    security: bearer,
    middleware: [auth, requirePermission('activity:review'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: reportIdParams, body: jsonBody(activityHoursEdit) },
    responses: {
      200: jsonResponse(activityReport, 'The report as corrected'),
      ...errors(400, 401, 403, 404, 409),
    },
  });

  const historyRoute = createRoute({
    method: 'get',
    path: '/{reportId}/history',
    tags,
    summary: 'Who did what to a report, and when, oldest first',
    description: `Its submission, then each review and hours correction from the audit trail.${scope}`,
    security: bearer,
    middleware: [auth, requirePermission('activity:read')] as const,
    request: { params: reportIdParams },
    responses: {
      200: jsonResponse(z.array(activityHistoryEntry), 'The report’s history'),
      ...errors(400, 401, 403, 404),
    },
  });

  return createRouter()
    .openapi(listRoute, async (c) => {
      const { filters, page } = splitPageQuery(c.req.valid('query'));
      return pagedJson<ActivityReport[]>(
        c,
        await listReportsPage(c.var.db, activityCallerOf(c), filters, page ?? { limit: undefined }),
        PER_USER,
      );
    })
    .openapi(createReportRoute, async (c) => {
      const { report, created } = await createReport(c.var.db, activityCallerOf(c), c.req.valid('json'));
      return created ? c.json(report, 201) : c.json(report, 200);
    })
    .openapi(reviewRoute, async (c) =>
      c.json({ reviewed: await reviewReports(c.var.db, activityCallerOf(c), c.req.valid('json')) }, 200),
    )
    .openapi(getRoute, async (c) =>
      c.json(await getReport(c.var.db, activityCallerOf(c), c.req.valid('param').reportId), 200),
    )
    .openapi(photoRoute, async (c) => {
      const { reportId, name } = c.req.valid('param');
      const { report, created } = await receivePhoto(c.var.db, deps.storage, activityCallerOf(c), {
        reportId,
        name,
        declared: declaredLength(c),
        readBody: () => c.req.arrayBuffer(),
      });
      return created ? c.json(report, 201) : c.json(report, 200);
    })
    .openapi(hoursRoute, async (c) =>
      c.json(
        await editHours(c.var.db, activityCallerOf(c), c.req.valid('param').reportId, c.req.valid('json')),
        200,
      ),
    )
    .openapi(historyRoute, async (c) =>
      c.json(await reportHistory(c.var.db, activityCallerOf(c), c.req.valid('param').reportId), 200),
    );
}
