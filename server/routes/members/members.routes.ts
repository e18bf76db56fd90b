import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  member,
  memberChange,
  memberIdParams,
  memberListQuery,
  memberSeats,
  type Member,
} from '../../../contract/members';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppBindings, AppDeps } from '../../http/context';
import { PER_USER } from '../../http/etag';
import { idempotency } from '../../http/idempotency';
import { bearer, errors, idempotencyKeyHeaders, jsonBody, jsonResponse } from '../../http/openapi-helpers';
import { pagedJson, pagedListResponses, splitPageQuery } from '../../http/paged-listing';
import { createRouter } from '../../http/router';
import { changeMember, listMembersPage, type Manager } from './members.service';
import { getSeats } from './seats';

const tags = ['Staff management'];

/** What a staff listing says about paging: always paged, like the file listings. */
export const staffPagingNote =
  ' Always one page: `limit` 1 to 100 (default 25); `Next-Cursor` names the next page (absent on the last), ' +
  'sent back as `cursor` with the same filters. A cursor made for other filters is a 400 naming `cursor`. ' +
  'Carries an ETag; `If-None-Match` with it answers 304. Never cached (`Cache-Control: private, no-store`).';

export const managerOf = (c: Context<AppBindings>): Manager & { name: string } => ({
  id: c.var.user.id,
  role: c.var.user.role,
  name: c.var.user.name,
  tenant: c.var.tenant,
});

export function createMembersRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const idem = idempotency();

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The organisation’s members, by name, with role, status and last seen',
    description:
      '`q` keeps members whose name or email contains it (any case); `role` and `status` keep those with ' +
      `that role or status. Lists only the caller's own organisation, SUPER_ADMIN included.${staffPagingNote}`,
    security: bearer,
    middleware: [auth, requirePermission('members:read')] as const,
    request: { query: memberListQuery },
    responses: {
      ...pagedListResponses(z.array(member), 'One page of the members'),
      ...errors(400, 401, 403),
    },
  });

  const seatsRoute = createRoute({
    method: 'get',
    path: '/seats',
    tags,
    summary: 'The effective plan’s member limit, and the seats taken',
    description:
      'Seats are active members plus pending invitations; a deactivated member holds none. The limit is ' +
      'the running plan’s (the free Starter plan once a paid month has lapsed).',
    security: bearer,
    middleware: [auth, requirePermission('members:read')] as const,
    responses: { 200: jsonResponse(memberSeats, 'The seats'), ...errors(401, 403) },
  });

  const changeRoute = createRoute({
    method: 'patch',
    path: '/{memberId}',
    tags,
    summary: 'Change a member’s role or status (NGO_ADMIN, ADMIN, SUPER_ADMIN)',
    description:
      'Only for a member ranked at or below the caller (403 otherwise), and only to roles at or below the ' +
      'caller’s own (403 `role_not_assignable`). Nobody deactivates themselves (409 `cannot_deactivate_self`). ' +
      'The organisation keeps at least one active Admin or NGO admin: a change that would leave none is a 409 ' +
      '`last_admin`. Reactivating takes a seat of the plan’s member limit (409 `member_limit_reached`). ' +
      'Deactivating signs the member out everywhere at once and refuses their sign-ins (403) until reactivated. ' +
      'Another organisation’s member answers 404.',
    security: bearer,
    middleware: [auth, requirePermission('members:manage'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: memberIdParams, body: jsonBody(memberChange) },
    responses: {
      200: jsonResponse(member, 'The member as changed'),
      ...errors(400, 401, 403, 404, 409),
    },
  });

  return createRouter()
    .openapi(listRoute, async (c) => {
      const { filters, page } = splitPageQuery(c.req.valid('query'));
      return pagedJson<Member[]>(
        c,
        await listMembersPage(c.var.db, c.var.tenant, filters, page ?? { limit: undefined }),
        PER_USER,
      );
    })
    .openapi(seatsRoute, async (c) => c.json(await getSeats(c.var.db, c.var.tenant.ngoId), 200))
    .openapi(changeRoute, async (c) =>
      c.json(
        await changeMember(c.var.db, managerOf(c), c.req.valid('param').memberId, c.req.valid('json')),
        200,
      ),
    );
}
