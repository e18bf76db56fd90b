import { createRoute, z } from '@hono/zod-openapi';
import { auditEntry, auditListQuery, type AuditEntry } from '../../../contract/audit';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { PER_USER } from '../../http/etag';
import { bearer, errors } from '../../http/openapi-helpers';
import { pagedJson, pagedListResponses, splitPageQuery } from '../../http/paged-listing';
import { createRouter } from '../../http/router';
import { staffPagingNote } from '../members/members.routes';
import { listAuditPage } from './audit.service';

const tags = ['Audit trail'];

export function createAuditRouter(deps: AppDeps) {
  const auth = requireAuth(deps);

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The organisation’s audit trail of admin actions, newest first (NGO_ADMIN, ADMIN, SUPER_ADMIN)',
    description:
      'Who did what to which member, invitation or file, and when: role changes, deactivations and ' +
      'reactivations, invitations sent, resent, revoked and accepted, accounts moved in, and response files ' +
      'the sweep trashed (the actor null: the system). `details` holds what changed (before and after, an ' +
      'address and role, a reason). `action` keeps the entries of one action, `actorId` those of one actor. ' +
      "Lists only the caller's own organisation, SUPER_ADMIN included." +
      staffPagingNote,
    security: bearer,
    middleware: [auth, requirePermission('audit:read')] as const,
    request: { query: auditListQuery },
    responses: {
      ...pagedListResponses(z.array(auditEntry), 'One page of the trail'),
      ...errors(400, 401, 403),
    },
  });

  return createRouter().openapi(listRoute, async (c) => {
    const { filters, page } = splitPageQuery(c.req.valid('query'));
    return pagedJson<AuditEntry[]>(
      c,
      await listAuditPage(c.var.db, c.var.tenant, filters, page ?? { limit: undefined }),
      PER_USER,
    );
  });
}
