import { createRoute } from '@hono/zod-openapi';
import {
  causeDetail,
  causeIdParams,
  causeList,
  createCauseBody,
  publicCause,
  updateCauseBody,
} from '../../../contract/causes';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { idempotency } from '../../http/idempotency';
import {
  bearer,
  errors,
  idempotencyKeyHeaders,
  idempotentResponses,
  jsonBody,
  jsonResponse,
} from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import {
  createCause,
  deleteCause,
  getCause,
  getPublicCause,
  listCauses,
  updateCause,
} from './causes.service';

const tags = ['Causes'];
const tenantNote = 'Scoped to the caller’s NGO: a cause of another NGO answers 404.';

export function createCausesRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const idem = idempotency();

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The NGO’s causes, newest first, with totals',
    security: bearer,
    middleware: [auth, requirePermission('causes:read')] as const,
    responses: { 200: jsonResponse(causeList, 'The causes'), ...errors(401, 403) },
  });

  const getRoute = createRoute({
    method: 'get',
    path: '/{causeId}',
    tags,
    summary: 'One cause with its story and recent donations',
    description: tenantNote,
    security: bearer,
    middleware: [auth, requirePermission('causes:read')] as const,
    request: { params: causeIdParams },
    responses: { 200: jsonResponse(causeDetail, 'The cause'), ...errors(401, 403, 404) },
  });

  const publicRoute = createRoute({
    method: 'get',
    path: '/{causeId}/public',
    tags,
    summary: 'A published cause as the embed and public pages show it',
    description: 'Public. A draft or unknown cause answers 404.',
    request: { params: causeIdParams },
    responses: { 200: jsonResponse(publicCause, 'The cause'), ...errors(404) },
  });

  const createCauseRoute = createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Start a cause (NGO_ADMIN, STAFF)',
    security: bearer,
    middleware: [auth, requirePermission('causes:write'), idem] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(createCauseBody) },
    responses: {
      201: jsonResponse(causeDetail, 'The saved cause'),
      ...errors(400, 401, 403),
      ...idempotentResponses,
    },
  });

  const updateCauseRoute = createRoute({
    method: 'patch',
    path: '/{causeId}',
    tags,
    summary: 'Change some fields of a cause (NGO_ADMIN, STAFF)',
    description: `Only the fields sent change; null or blank clears imageUrl and endDate. The currency is fixed once donations exist (409). ${tenantNote}`,
    security: bearer,
    middleware: [auth, requirePermission('causes:write'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: causeIdParams, body: jsonBody(updateCauseBody) },
    responses: {
      200: jsonResponse(causeDetail, 'The saved cause'),
      ...errors(400, 401, 403, 404, 409),
    },
  });

  const deleteCauseRoute = createRoute({
    method: 'delete',
    path: '/{causeId}',
    tags,
    summary: 'Delete a cause without donations (NGO_ADMIN)',
    description: `A cause that has received donations answers 409; set it to draft instead. ${tenantNote}`,
    security: bearer,
    middleware: [auth, requirePermission('causes:delete'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: causeIdParams },
    responses: { 204: { description: 'Deleted; no body' }, ...errors(401, 403, 404, 409) },
  });

  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listCauses(c.var.db, c.var.tenant), 200))
    .openapi(publicRoute, async (c) => {
      c.header('Cache-Control', 'public, max-age=30');
      return c.json(await getPublicCause(c.var.db, c.req.valid('param').causeId), 200);
    })
    .openapi(getRoute, async (c) =>
      c.json(await getCause(c.var.db, c.var.tenant, c.req.valid('param').causeId), 200),
    )
    .openapi(createCauseRoute, async (c) =>
      c.json(await createCause(c.var.db, c.var.tenant, c.var.user.id, c.req.valid('json')), 201),
    )
    .openapi(updateCauseRoute, async (c) =>
      c.json(
        await updateCause(c.var.db, c.var.tenant, c.req.valid('param').causeId, c.req.valid('json')),
        200,
      ),
    )
    .openapi(deleteCauseRoute, async (c) => {
      await deleteCause(c.var.db, c.var.tenant, c.req.valid('param').causeId);
      return c.body(null, 204);
    });
}
