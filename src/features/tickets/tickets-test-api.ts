import type { Ticket, TicketDetail, TicketPerson, TicketStats } from '@contract/tickets';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { summaryOf } from './ticket-cache';

/**
 * An in-memory stand-in for /api/tickets behind the fetch stub, for the screens' tests: it keeps the
 * tickets, answers their changes as the server would (a reply, a status, a rating once), and lets a
 * test answer a request first (`handler`, a refusal or a hang).
 */
export function stubTicketsApi(
  options: {
    tickets?: TicketDetail[];
    agents?: TicketPerson[];
    stats?: TicketStats;
    /** The viewer, for `viewerIsAgent` of what is made. */
    viewer?: { id: string; name: string; agent: boolean };
    handler?: (request: StubbedRequest, url: URL) => Response | Promise<Response | undefined> | undefined;
  } = {},
) {
  const tickets = [...(options.tickets ?? [])];
  const viewer = options.viewer ?? { id: 'eric', name: 'Eric Staff', agent: false };
  const now = () => new Date().toISOString();
  let number = 2000;

  return stubFetch(async (request) => {
    const url = new URL(request.url, 'http://localhost');
    const answer = await options.handler?.(request, url);
    if (answer) return answer;
    const path = url.pathname.replace(/^\/api/, '');
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (request.method === 'GET' && path === '/tickets') {
      const status = url.searchParams.get('status');
      const items: Ticket[] = tickets.filter((t) => !status || t.status === status).map(summaryOf);
      return jsonResponse(items);
    }
    if (request.method === 'GET' && path === '/tickets/agents')
      return jsonResponse(options.agents ?? [{ id: viewer.id, name: viewer.name }]);
    if (request.method === 'GET' && path === '/tickets/stats')
      return jsonResponse(
        options.stats ?? {
          weeks: [],
          byStatus: { open: 0, pending: 0, resolved: 0, closed: 0 },
          breached: 0,
          medianFirstReplyMinutes: null,
          medianResolveMinutes: null,
        },
      );
    if (request.method === 'POST' && path === '/tickets') {
      const made: TicketDetail = {
        id: `new${++number}`,
        number,
        ngoId: 'ngo1',
        ngoName: 'Hope Bridge Foundation',
        subject: String(body.subject),
        category: body.category as Ticket['category'],
        priority: (body.priority as Ticket['priority']) ?? 'normal',
        status: 'open',
        audience: (body.audience as Ticket['audience']) ?? 'ngo',
        requester: { id: viewer.id, name: viewer.name },
        assignee: null,
        sourceMessageId: null,
        replyCount: 0,
        createdAt: now(),
        updatedAt: now(),
        firstReplyAt: null,
        firstReplyDueAt: new Date(Date.now() + 8 * 3_600_000).toISOString(),
        resolvedAt: null,
        resolveDueAt: new Date(Date.now() + 72 * 3_600_000).toISOString(),
        rating: null,
        description: String(body.description ?? ''),
        attachments: [],
        replies: [],
        events: [],
        viewerIsAgent: viewer.agent,
        viewerIsRequester: true,
      };
      tickets.unshift(made);
      return jsonResponse(made, 201);
    }
    const one = /^\/tickets\/([^/]+)(?:\/(replies|rating))?$/.exec(path);
    const index = one ? tickets.findIndex((t) => t.id === one[1]) : -1;
    if (!one || index < 0) return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
    const ticket = tickets[index]!;
    const save = (next: TicketDetail, status = 200) => {
      tickets[index] = next;
      return jsonResponse(next, status);
    };
    if (request.method === 'GET' && !one[2]) return jsonResponse(ticket);
    if (request.method === 'PATCH') {
      const change = body as {
        status?: Ticket['status'];
        priority?: Ticket['priority'];
        assigneeId?: string | null;
      };
      if (ticket.status === 'closed')
        return jsonResponse({ message: 'This ticket is closed.', code: 'ticket_closed' }, 409);
      return save({
        ...ticket,
        ...(change.status && {
          status: change.status,
          resolvedAt:
            change.status === 'resolved' ? now() : change.status === 'open' ? null : ticket.resolvedAt,
        }),
        ...(change.priority && { priority: change.priority }),
        ...(change.assigneeId !== undefined && {
          assignee: change.assigneeId
            ? {
                id: change.assigneeId,
                name: change.assigneeId === viewer.id ? viewer.name : change.assigneeId,
              }
            : null,
        }),
        updatedAt: now(),
      });
    }
    if (request.method === 'POST' && one[2] === 'replies') {
      const reply = {
        id: `r${ticket.replies.length + 100}`,
        author: { id: viewer.id, name: viewer.name },
        byAgent: viewer.agent,
        body: String(body.body),
        internal: Boolean(body.internal),
        attachments: [],
        createdAt: now(),
      };
      return save(
        {
          ...ticket,
          replies: [...ticket.replies, reply],
          replyCount: ticket.replyCount + (reply.internal ? 0 : 1),
          ...(typeof body.status === 'string' && { status: body.status as Ticket['status'] }),
        },
        201,
      );
    }
    if (request.method === 'PUT' && one[2] === 'rating') {
      if (ticket.rating)
        return jsonResponse({ message: 'You already rated this ticket.', code: 'ticket_already_rated' }, 409);
      return save({
        ...ticket,
        rating: { score: Number(body.score), comment: String(body.comment ?? ''), ratedAt: now() },
      });
    }
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
}
