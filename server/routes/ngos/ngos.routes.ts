import { createRoute } from '@hono/zod-openapi';
import { ngoDetail, ngoIdParams, ngoMembers } from '../../../contract/ngos';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { bearer, errors, jsonResponse } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import { getNgo, listNgoMembers } from './ngos.service';

export function createNgosRouter(deps: AppDeps) {
  const auth = requireAuth(deps);

  const getNgoRoute = createRoute({
    method: 'get',
    path: '/{ngoId}',
    tags: ['Organisations'],
    summary: 'One organisation with its member count',
    description: "Another organisation's id answers 404 unless the caller may cross tenants (SUPER_ADMIN).",
    security: bearer,
    middleware: [auth, requirePermission('ngo:read')] as const,
    request: { params: ngoIdParams },
    responses: {
      200: jsonResponse(ngoDetail, 'The organisation'),
      ...errors(400, 401, 403, 404),
    },
  });

  const listMembersRoute = createRoute({
    method: 'get',
    path: '/{ngoId}/members',
    tags: ['Organisations'],
    summary: "The organisation's members, ordered by name",
    description: "Volunteers may not list members. Another organisation's id answers 404 unless SUPER_ADMIN.",
    security: bearer,
    middleware: [auth, requirePermission('members:read')] as const,
    request: { params: ngoIdParams },
    responses: {
      200: jsonResponse(ngoMembers, 'The members'),
      ...errors(400, 401, 403, 404),
    },
  });

  return createRouter()
    .openapi(getNgoRoute, async (c) => {
      const ngo = await getNgo(c.var.db, c.var.tenant, c.req.valid('param').ngoId);
      return c.json(ngo, 200);
    })
    .openapi(listMembersRoute, async (c) => {
      const members = await listNgoMembers(c.var.db, c.var.tenant, c.req.valid('param').ngoId);
      return c.json(members, 200);
    });
}
