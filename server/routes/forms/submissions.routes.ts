import { createRoute, z } from '@hono/zod-openapi';
import { answers } from '../../../contract/forms/answers';
import {
  formIdParams,
  reviewBody,
  submission,
  submissionBody,
  submissionIdParams,
  submissionHistory,
  submissionList,
  submissionsQuery,
  type Submission,
} from '../../../contract/forms/api';
import { can } from '../../../contract/permissions';
import { NAME_MAX_CHARS } from '../../../contract/files';
import { text } from '../../../contract/storable';
import { optionalAuth, requireAuth, requirePermission } from '../../http/auth-middleware';
import { clientIp } from '../../http/client-ip';
import { fileResponse, thumbnailResponse } from '../../http/file-download';
import type { AppDeps } from '../../http/context';
import { bearer, errors, jsonBody, jsonResponse } from '../../http/openapi-helpers';
import { pagedJson, pagedListingNote, pagedListResponses, splitPageQuery } from '../../http/paged-listing';
import { createRouter } from '../../http/router';
import { enforceRateLimits } from '../../services/rate-limit';
import {
  editSubmissionAnswers,
  getSubmission,
  listSubmissions,
  reviewSubmission,
  submissionHistoryOf,
  submitResponse,
} from './submissions.service';
import { responseMediaFile } from './submission-media.service';

const tags = ['Form responses'];

/*
 * A phone flushing a day's queue sends hundreds at once (issue 14: 1,000 in a minute), and a village
 * may share one address behind a mobile network's NAT: the per-address limit is wide, and only stops a
 * script flooding an open form.
 */
export const SUBMISSIONS_PER_IP = { max: 3_000, windowSeconds: 600 };

/** /api/forms/{formId}/submissions: the public send (exactly once per instance id), listing and review. */
export function createSubmissionsRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const trustProxy = deps.env.TRUST_PROXY === 'true';

  const submitRoute = createRoute({
    method: 'post',
    path: '/{formId}/submissions',
    tags,
    summary: 'Send a filled form (public for open forms)',
    description:
      'No token needed; with one, the response is the signed-in member’s. `instanceId` (a UUID the device makes ' +
      'when the instance starts) makes the send idempotent: the first is 201, the same instance with the same ' +
      'answers again is 200 with the same record, the same instance with other answers is 409 ' +
      '`instance_conflict`. Answers are checked against the version they were filled against with the fill ' +
      'page’s own engine: a required or constraint rule broken, a value of the wrong type or an unknown question ' +
      'is a 400 whose `fields` name the question’s path (`household/member[2]/age`) with its message. A closed ' +
      `form answers 409 \`form_closed\`; an unknown or never-published one 404. At most ${SUBMISSIONS_PER_IP.max} ` +
      `sends per address every ${SUBMISSIONS_PER_IP.windowSeconds / 60} minutes (429).`,
    middleware: [optionalAuth(deps)] as const,
    request: { params: formIdParams, body: jsonBody(submissionBody) },
    responses: {
      201: jsonResponse(submission, 'Stored'),
      200: jsonResponse(submission, 'Already stored: the same instance with the same answers'),
      ...errors(400, 401, 404, 409, 429),
    },
  });

  const listRoute = createRoute({
    method: 'get',
    path: '/{formId}/submissions',
    tags,
    summary: 'A form’s responses, newest first',
    description:
      'Members with responses:read see every response; a volunteer sees their own. Filters: `from`/`to` ' +
      '(received), `submittedBy`, `reviewStatus`, and `question` with `value` (an answer, or one of a select ' +
      `multiple's choices).${pagedListingNote}`,
    security: bearer,
    middleware: [auth, requirePermission('forms:read')] as const,
    request: { params: formIdParams, query: submissionsQuery },
    responses: { ...pagedListResponses(submissionList, 'The responses'), ...errors(401, 403, 404) },
  });

  const getRoute = createRoute({
    method: 'get',
    path: '/{formId}/submissions/{submissionId}',
    tags,
    summary: 'One response',
    security: bearer,
    middleware: [auth, requirePermission('forms:read')] as const,
    request: { params: submissionIdParams },
    responses: { 200: jsonResponse(submission, 'The response'), ...errors(401, 403, 404) },
  });

  const historyRoute = createRoute({
    method: 'get',
    path: '/{formId}/submissions/{submissionId}/history',
    tags,
    summary: 'A response’s changes, newest first (responses:read)',
    description: 'Each review and each correction of its answers, with what it replaced, who and when.',
    security: bearer,
    middleware: [auth, requirePermission('responses:read')] as const,
    request: { params: submissionIdParams },
    responses: { 200: jsonResponse(submissionHistory, 'The changes'), ...errors(401, 403, 404) },
  });

  const reviewRoute = createRoute({
    method: 'post',
    path: '/{formId}/submissions/{submissionId}/review',
    tags,
    summary: 'Approve or reject a response (NGO_ADMIN, ADMIN, STAFF)',
    description: 'A rejection needs a comment. The state replaced is kept in the response’s history.',
    security: bearer,
    middleware: [auth, requirePermission('responses:review')] as const,
    request: { params: submissionIdParams, body: jsonBody(reviewBody) },
    responses: { 200: jsonResponse(submission, 'The response'), ...errors(400, 401, 403, 404) },
  });

  const editBody = z.object({
    answers,
    comment: text('Comment').trim().max(2_000).optional(),
  });
  const editRoute = createRoute({
    method: 'put',
    path: '/{formId}/submissions/{submissionId}/answers',
    tags,
    summary: 'Correct a response’s answers (NGO_ADMIN, ADMIN, STAFF)',
    description:
      'Checked as a new send against the response’s version; the answers replaced are kept in its history.',
    security: bearer,
    middleware: [auth, requirePermission('responses:review')] as const,
    request: { params: submissionIdParams, body: jsonBody(editBody) },
    responses: { 200: jsonResponse(submission, 'The response'), ...errors(400, 401, 403, 404) },
  });

  const mediaRoute = createRoute({
    method: 'get',
    path: '/{formId}/submissions/{submissionId}/media/{name}',
    tags,
    summary: 'A file of a response (a photo, audio, video, file or signature), or its thumbnail',
    description:
      'Whoever may read the response may read its files (a volunteer, their own responses’ only). `name` is the ' +
      'answer’s value, as each `media` entry of the response names it. The bytes are answered as every stored ' +
      'file is (GET /api/files/{fileId}/content): `Content-Disposition: attachment`, one `Range`, the SHA-256 ' +
      'as ETag, a sandboxing Content-Security-Policy. `thumbnail=1` answers a picture’s WebP thumbnail (404 ' +
      '`no_thumbnail` for other files). A file not arrived yet is a 404 `media_not_received`; one in Cloud ' +
      'Storage’s trash (or in a trashed folder), a 404 `media_trashed`; a name the response does not hold, a 404.',
    security: bearer,
    middleware: [auth, requirePermission('forms:read')] as const,
    request: {
      params: submissionIdParams.extend({ name: text('File name').min(1).max(NAME_MAX_CHARS) }),
      query: z.object({ thumbnail: z.enum(['0', '1']).optional() }),
    },
    responses: {
      200: {
        description: 'The bytes, or the thumbnail (image/webp)',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
      206: { description: 'The range asked for (Content-Range)' },
      304: { description: 'Not modified: the ETag in If-None-Match is current' },
      ...errors(401, 403, 404, 416),
    },
  });

  /** A member without responses:read (a volunteer) reads only their own responses. */
  const ownOnly = (user: { id: string; role: string }) => (can(user.role, 'responses:read') ? null : user.id);

  return createRouter()
    .openapi(submitRoute, async (c) => {
      await enforceRateLimits(
        c.var.db,
        [{ key: `form-submit:${clientIp(c, trustProxy)}`, ...SUBMISSIONS_PER_IP }],
        (wait) => `Too many responses from this address. Try again in ${wait}.`,
      );
      const user = c.get('user') as { id: string; name: string } | undefined;
      const { status, submission: saved } = await submitResponse(
        c.var.db,
        c.req.valid('param').formId,
        c.req.valid('json'),
        user ? { id: user.id, name: user.name } : null,
      );
      return status === 201 ? c.json(saved, 201) : c.json(saved, 200);
    })
    .openapi(listRoute, async (c) => {
      const { filters, page } = splitPageQuery(c.req.valid('query'));
      return pagedJson<Submission[]>(
        c,
        await listSubmissions(
          c.var.db,
          c.var.tenant,
          c.req.valid('param').formId,
          filters,
          page ?? { limit: undefined },
          ownOnly(c.var.user),
        ),
        'private, no-cache',
      );
    })
    .openapi(getRoute, async (c) => {
      const { formId, submissionId } = c.req.valid('param');
      return c.json(
        await getSubmission(c.var.db, c.var.tenant, formId, submissionId, ownOnly(c.var.user)),
        200,
      );
    })
    .openapi(mediaRoute, async (c) => {
      const { formId, submissionId, name } = c.req.valid('param');
      const file = await responseMediaFile(
        c.var.db,
        c.var.tenant,
        formId,
        submissionId,
        name,
        ownOnly(c.var.user),
      );
      // The bytes are typed by the OpenAPI document, not by Hono's JSON inference.
      if (c.req.valid('query').thumbnail === '1')
        return (await thumbnailResponse(c, deps.storage, file)) as never;
      return (await fileResponse(c, deps.storage, file)) as never;
    })
    .openapi(historyRoute, async (c) => {
      const { formId, submissionId } = c.req.valid('param');
      return c.json(await submissionHistoryOf(c.var.db, c.var.tenant, formId, submissionId), 200);
    })
    .openapi(reviewRoute, async (c) => {
      const { formId, submissionId } = c.req.valid('param');
      return c.json(
        await reviewSubmission(
          c.var.db,
          c.var.tenant,
          c.var.user.id,
          formId,
          submissionId,
          c.req.valid('json'),
        ),
        200,
      );
    })
    .openapi(editRoute, async (c) => {
      const { formId, submissionId } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(
        await editSubmissionAnswers(
          c.var.db,
          c.var.tenant,
          c.var.user.id,
          formId,
          submissionId,
          body.answers,
          body.comment,
        ),
        200,
      );
    });
}
