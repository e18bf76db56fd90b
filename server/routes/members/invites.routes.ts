import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { signInResponse } from '../../../contract/auth';
import {
  INVITE_TTL_DAYS,
  invite,
  inviteAccept,
  inviteCreate,
  inviteIdParams,
  inviteLookup,
  inviteTokenParams,
  type Invite,
} from '../../../contract/members';
import { pageQuery } from '../../../contract/paging';
import { appUrlOf } from '../../http/app-url';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import { clientIp } from '../../http/client-ip';
import type { AppBindings, AppDeps } from '../../http/context';
import { PER_USER } from '../../http/etag';
import { idempotency } from '../../http/idempotency';
import { bearer, errors, idempotencyKeyHeaders, jsonBody, jsonResponse } from '../../http/openapi-helpers';
import { pagedJson, pagedListResponses, splitPageQuery } from '../../http/paged-listing';
import { createRouter } from '../../http/router';
import {
  acceptInvite,
  createInvite,
  listInvitesPage,
  lookupInvite,
  resendInvite,
  revokeInvite,
  type InviteDeps,
  type PublicInviteDeps,
} from './invites.service';
import { managerOf, staffPagingNote } from './members.routes';

const tags = ['Staff management'];
const tenantNote = 'Another organisation’s invitation answers 404.';
const seatsNote =
  'Pending invitations hold seats of the plan’s member limit: past it the answer is a 409 ' +
  '`member_limit_reached` whose message names the plan and its limit.';
const publicNote =
  'Public (the link is the credential). Limited per address like sign-in (429 with Retry-After). An unknown, ' +
  'used, revoked or expired link is one 404 `invite_invalid`, which does not say which.';

export function createInvitesRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const manage = requirePermission('members:manage');
  const idem = idempotency();
  const trustProxy = deps.env.TRUST_PROXY === 'true';

  const inviteDeps = (c: Context<AppBindings>): InviteDeps => ({
    db: c.var.db,
    mail: c.var.mail,
    appUrl: appUrlOf(c, deps.env),
    manager: managerOf(c),
  });
  const publicDeps = (c: Context<AppBindings>): PublicInviteDeps => ({
    db: c.var.db,
    jwt: deps.jwt,
    env: deps.env,
    ip: clientIp(c, trustProxy),
  });

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The organisation’s invitations, newest first (NGO_ADMIN, ADMIN, SUPER_ADMIN)',
    description: `Each with its status: pending, accepted, revoked or expired.${staffPagingNote}`,
    security: bearer,
    middleware: [auth, manage] as const,
    request: { query: pageQuery },
    responses: { ...pagedListResponses(z.array(invite), 'One page of the invitations'), ...errors(401, 403) },
  });

  const createInviteRoute = createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Invite someone by email (NGO_ADMIN, ADMIN, SUPER_ADMIN)',
    description:
      `Mails a single-use link, \`/accept-invite?token=…\`, valid ${INVITE_TTL_DAYS} days. The role must be at ` +
      'or below the inviter’s own (403 `role_not_assignable`). An address that is an active member already is a ' +
      '409 `already_member`; an address with an open invitation gets that one sent again (same id, new link, new ' +
      `expiry, the role now asked for). ${seatsNote}`,
    security: bearer,
    middleware: [auth, manage, idem] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(inviteCreate) },
    responses: {
      201: jsonResponse(invite, 'The pending invitation'),
      ...errors(400, 401, 403, 409),
    },
  });

  const resendRoute = createRoute({
    method: 'post',
    path: '/{inviteId}/resend',
    tags,
    summary: 'Mail an invitation again with a new link (NGO_ADMIN, ADMIN, SUPER_ADMIN)',
    description:
      `The old link stops working; the new one is valid ${INVITE_TTL_DAYS} days. An accepted or revoked ` +
      `invitation is a 409; an expired one takes a seat again. ${seatsNote} ${tenantNote}`,
    security: bearer,
    middleware: [auth, manage, idem] as const,
    request: { headers: idempotencyKeyHeaders, params: inviteIdParams },
    responses: {
      200: jsonResponse(invite, 'The invitation, pending again'),
      ...errors(400, 401, 403, 404, 409),
    },
  });

  const revokeRoute = createRoute({
    method: 'delete',
    path: '/{inviteId}',
    tags,
    summary: 'Revoke an invitation (NGO_ADMIN, ADMIN, SUPER_ADMIN)',
    description: `The link stops working and its seat is free. An accepted invitation is a 409. ${tenantNote}`,
    security: bearer,
    middleware: [auth, manage, idem] as const,
    request: { headers: idempotencyKeyHeaders, params: inviteIdParams },
    responses: { 204: { description: 'Revoked; no body' }, ...errors(400, 401, 403, 404, 409) },
  });

  const lookupRoute = createRoute({
    method: 'get',
    path: '/lookup/{token}',
    tags,
    summary: 'What an invitation link names: the organisation, the address, the role',
    description: `${publicNote} \`accountExists\` says whether to ask for a new password or the account's own.`,
    request: { params: inviteTokenParams },
    responses: { 200: jsonResponse(inviteLookup, 'The invitation'), ...errors(400, 404, 429) },
  });

  const acceptRoute = createRoute({
    method: 'post',
    path: '/accept',
    tags,
    summary: 'Join the organisation with an invitation link; answers a session like sign-in',
    description:
      `${publicNote} Without an account for the address, \`name\` and a new \`password\` (sign-up's rules) ` +
      'make one, verified by the link. With one, `password` is its own (401 like sign-in when wrong) and the ' +
      'account moves to this organisation with the invited role, signed out of its old sessions; the last ' +
      'active admin of its organisation cannot leave it (409 `last_admin`). The organisation’s active ' +
      'members must stay within its plan’s limit: past it the answer is a 409 `member_limit_reached` and ' +
      'nothing is written, however many people accept at once.',
    request: { body: jsonBody(inviteAccept) },
    responses: {
      200: jsonResponse(signInResponse, 'Joined and signed in'),
      ...errors(400, 401, 404, 409, 429),
    },
  });

  return (
    createRouter()
      .openapi(listRoute, async (c) => {
        const { page } = splitPageQuery(c.req.valid('query'));
        return pagedJson<Invite[]>(
          c,
          await listInvitesPage(c.var.db, c.var.tenant, page ?? { limit: undefined }),
          PER_USER,
        );
      })
      .openapi(createInviteRoute, async (c) =>
        c.json(await createInvite(inviteDeps(c), c.req.valid('json')), 201),
      )
      // The fixed paths come before /{inviteId}.
      .openapi(lookupRoute, async (c) =>
        c.json(await lookupInvite(publicDeps(c), c.req.valid('param').token), 200),
      )
      .openapi(acceptRoute, async (c) => c.json(await acceptInvite(publicDeps(c), c.req.valid('json')), 200))
      .openapi(resendRoute, async (c) =>
        c.json(await resendInvite(inviteDeps(c), c.req.valid('param').inviteId), 200),
      )
      .openapi(revokeRoute, async (c) => {
        await revokeInvite(c.var.db, managerOf(c), c.req.valid('param').inviteId);
        return c.body(null, 204);
      })
  );
}
