import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { opaqueId } from '../../../contract/storable';
import {
  ticket,
  ticketChange,
  ticketCreate,
  ticketDetail,
  ticketListQuery,
  ticketPerson,
  ticketRatingSet,
  ticketReplyCreate,
  ticketStats as ticketStatsSchema,
  ticketStatsQuery,
  type Ticket,
} from '../../../contract/tickets';
import { appUrlOf } from '../../http/app-url';
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
import { changeTicket, rateTicket, replyToTicket } from './ticket-changes.service';
import type { TicketCaller } from './tickets-access';
import type { TicketMailDeps } from './tickets-mail';
import { createTicket, getTicket, listTicketsPage } from './tickets.service';
import { assignableAgents, ticketStats } from './tickets-stats';

const tags = ['Tickets and feedback'];

const ticketIdParams = z.object({ ticketId: opaqueId('Ticket id') });

const scopeNote =
  ' A requester sees their own tickets (never internal notes); a SUPER_ADMIN works every ticket, an ADMIN or ' +
  'NGO_ADMIN their organisation’s tickets addressed to it (audience `ngo`). A ticket the caller may not see ' +
  'answers 404.';

/** /api/tickets (issue 16, contract/tickets.ts): tickets, replies and internal notes, ratings, stats. */
export function createTicketsRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const idem = idempotency();

  const callerOf = (c: Context<AppBindings>): TicketCaller => ({
    id: c.var.user.id,
    role: c.var.user.role,
    name: c.var.user.name,
    tenant: c.var.tenant,
  });
  const mailDeps = (c: Context<AppBindings>): TicketMailDeps => ({
    db: c.var.db,
    mail: c.var.mail,
    appUrl: appUrlOf(c, deps.env),
  });

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The tickets the caller may see, newest first',
    description:
      '`status`, `priority`, `category`, `audience` keep one value each; `assignee` is `me`, `none` or a ' +
      'person’s id; `mine=true` keeps the caller’s own requests; `q` matches every word as a word prefix in ' +
      'the subject and description. `replyCount` counts public replies only (internal notes are never ' +
      'counted, for anyone).' +
      scopeNote +
      ' Always one page: `limit` 1 to 100 (default 25); `Next-Cursor` names the next page (absent on the ' +
      'last), sent back as `cursor` with the same filters. Never cached (`Cache-Control: private, no-store`).',
    security: bearer,
    middleware: [auth, requirePermission('tickets:read')] as const,
    request: { query: ticketListQuery },
    responses: {
      ...pagedListResponses(z.array(ticket), 'One page of the tickets'),
      ...errors(400, 401, 403),
    },
  });

  const createTicketRoute = createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Open a ticket to the organisation’s admins or to platform support',
    description:
      'The SLA due times follow the priority (contract/tickets.ts ticketSlaTargets). `attachmentIds` are live ' +
      'files of the caller’s organisation (else 400 naming `attachmentIds`). With `sourceMessageId` (a chat ' +
      'message the caller may read, else 404), a blank description takes the message’s text and the ' +
      'message’s files are attached; otherwise `description` is required (400). The agents are mailed.',
    security: bearer,
    middleware: [auth, requirePermission('tickets:create'), idem] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(ticketCreate) },
    responses: {
      201: jsonResponse(ticketDetail, 'The ticket as opened'),
      ...errors(400, 401, 403, 404),
      ...idempotentResponses,
    },
  });

  const statsRoute = createRoute({
    method: 'get',
    path: '/stats',
    tags,
    summary: 'The agent’s queue week by week (agents)',
    description:
      'Over the tickets the caller works (every ticket for a SUPER_ADMIN; for an NGO’s admins its `ngo` ' +
      'tickets): the last `weeks` weeks (Monday to Sunday, UTC, oldest first) with tickets opened, ' +
      'resolved and rated (mean score), tickets now in each status, open or pending tickets past a due ' +
      'time, and median minutes to the first reply and to resolution over the period.',
    security: bearer,
    middleware: [auth, requirePermission('tickets:work')] as const,
    request: { query: ticketStatsQuery },
    responses: { 200: jsonResponse(ticketStatsSchema, 'The numbers'), ...errors(400, 401, 403) },
  });

  const agentsRoute = createRoute({
    method: 'get',
    path: '/agents',
    tags,
    summary: 'Who the caller may assign tickets to, by name (agents)',
    description:
      'The active admins (ADMIN, NGO_ADMIN) of the caller’s organisation; for a SUPER_ADMIN also every ' +
      'active SUPER_ADMIN.',
    security: bearer,
    middleware: [auth, requirePermission('tickets:work')] as const,
    responses: { 200: jsonResponse(z.array(ticketPerson), 'The agents'), ...errors(401, 403) },
  });

  const getRoute = createRoute({
    method: 'get',
    path: '/{ticketId}',
    tags,
    summary: 'One ticket with its replies and history',
    description: `Internal notes are included for the agents working it only.${scopeNote}`,
    security: bearer,
    middleware: [auth, requirePermission('tickets:read')] as const,
    request: { params: ticketIdParams },
    responses: { 200: jsonResponse(ticketDetail, 'The ticket'), ...errors(400, 401, 403, 404) },
  });

  const changeRoute = createRoute({
    method: 'patch',
    path: '/{ticketId}',
    tags,
    summary: 'Change the status, priority or assignee',
    description:
      'Agents change any field; the assignee must be an active agent who can see the ticket (else 400 naming ' +
      '`assigneeId`; null unassigns). The requester may only close the ticket or reopen a resolved one (403 ' +
      'otherwise). A closed ticket is a 409 `ticket_closed`, except for an agent reopening it. Resolving or ' +
      'closing sets `resolvedAt`; reopening clears it and restarts the resolution clock from now; a new ' +
      'priority moves both due times. Each change joins the history (and, by an agent, the audit trail).' +
      scopeNote,
    security: bearer,
    middleware: [auth, requirePermission('tickets:read'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: ticketIdParams, body: jsonBody(ticketChange) },
    responses: {
      200: jsonResponse(ticketDetail, 'The ticket as changed'),
      ...errors(400, 401, 403, 404, 409),
    },
  });

  const replyRoute = createRoute({
    method: 'post',
    path: '/{ticketId}/replies',
    tags,
    summary: 'Reply to a ticket, or add an internal note (agents)',
    description:
      '`internal` and `status` are for agents only (403). The first public reply of an agent sets ' +
      '`firstReplyAt`; the requester’s reply reopens a pending or resolved ticket. A public agent reply is ' +
      'mailed to the requester; the requester’s to the assignee, or to the agents while unassigned. A closed ' +
      'ticket is a 409 `ticket_closed`.' +
      scopeNote,
    security: bearer,
    middleware: [auth, requirePermission('tickets:read'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: ticketIdParams, body: jsonBody(ticketReplyCreate) },
    responses: {
      201: jsonResponse(ticketDetail, 'The ticket with the reply'),
      ...errors(400, 401, 403, 404, 409),
    },
  });

  const ratingRoute = createRoute({
    method: 'put',
    path: '/{ticketId}/rating',
    tags,
    summary: 'The requester’s rating (1–5, with a comment), once the ticket is resolved or closed',
    description:
      'Only the requester (403 for agents); a ticket not resolved or closed is a 409 `ticket_not_resolved`, a ' +
      'second rating a 409 `ticket_already_rated`.' +
      scopeNote,
    security: bearer,
    middleware: [auth, requirePermission('tickets:read'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: ticketIdParams, body: jsonBody(ticketRatingSet) },
    responses: {
      200: jsonResponse(ticketDetail, 'The ticket with its rating'),
      ...errors(400, 401, 403, 404, 409),
    },
  });

  return createRouter()
    .openapi(listRoute, async (c) => {
      const { filters, page } = splitPageQuery(c.req.valid('query'));
      return pagedJson<Ticket[]>(
        c,
        await listTicketsPage(c.var.db, callerOf(c), filters, page ?? { limit: undefined }),
        PER_USER,
      );
    })
    .openapi(createTicketRoute, async (c) =>
      c.json(await createTicket(mailDeps(c), callerOf(c), c.req.valid('json')), 201),
    )
    .openapi(statsRoute, async (c) =>
      c.json(await ticketStats(c.var.db, callerOf(c), c.req.valid('query').weeks), 200),
    )
    .openapi(agentsRoute, async (c) => c.json(await assignableAgents(c.var.db, callerOf(c)), 200))
    .openapi(getRoute, async (c) =>
      c.json(await getTicket(c.var.db, callerOf(c), c.req.valid('param').ticketId), 200),
    )
    .openapi(changeRoute, async (c) =>
      c.json(
        await changeTicket(mailDeps(c), callerOf(c), c.req.valid('param').ticketId, c.req.valid('json')),
        200,
      ),
    )
    .openapi(replyRoute, async (c) =>
      c.json(
        await replyToTicket(mailDeps(c), callerOf(c), c.req.valid('param').ticketId, c.req.valid('json')),
        201,
      ),
    )
    .openapi(ratingRoute, async (c) =>
      c.json(
        await rateTicket(c.var.db, callerOf(c), c.req.valid('param').ticketId, c.req.valid('json')),
        200,
      ),
    );
}
