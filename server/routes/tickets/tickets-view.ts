import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  Ticket,
  TicketAttachment,
  TicketDetail,
  TicketEvent,
  TicketReply,
} from '../../../contract/tickets';
import type { DbExecutor } from '../../db';
import { ticketEvents, ticketReplies, users, type StoredTicketAttachment } from '../../db/schema';
import { isAgentFor, isRequesterOf, ticketNotFound, type TicketCaller } from './tickets-access';

/*
 * The one serializer of tickets (contract/tickets.ts `ticket` and `ticketDetail`). The list item is
 * JSON written by Postgres (keyset paging reads it as text); the detail adds the description, the
 * files, the replies the caller may read (no internal notes for a requester) and the history.
 */

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const personName = (column: string) =>
  sql.raw(`coalesce((select u.name from users u where u.id = ${column}), '')`);

/** One ticket as the list answers it, as JSON text, from `tickets e`. */
export const ticketItem = sql<string>`json_build_object(
  'id', e.id, 'number', e.number, 'ngoId', e.ngo_id,
  'ngoName', coalesce((select n.name from ngos n where n.id = e.ngo_id), ''),
  'subject', e.subject, 'category', e.category, 'priority', e.priority, 'status', e.status,
  'audience', e.audience,
  'requester', json_build_object('id', coalesce(e.requester_id, ''), 'name', ${personName('e.requester_id')}),
  'assignee', case when e.assignee_id is null then null
    else json_build_object('id', e.assignee_id, 'name', ${personName('e.assignee_id')}) end,
  'sourceMessageId', e.source_message_id, 'replyCount', e.reply_count,
  'createdAt', ${iso('e.created_at')}, 'updatedAt', ${iso('e.updated_at')},
  'firstReplyAt', ${iso('e.first_reply_at')}, 'firstReplyDueAt', ${iso('e.first_reply_due_at')},
  'resolvedAt', ${iso('e.resolved_at')}, 'resolveDueAt', ${iso('e.resolve_due_at')},
  'rating', case when e.rating_score is null then null
    else json_build_object('score', e.rating_score, 'comment', coalesce(e.rating_comment, ''),
      'ratedAt', ${iso('e.rated_at')}) end
)::text`;

export const toAttachments = (stored: unknown): TicketAttachment[] =>
  ((stored ?? []) as StoredTicketAttachment[]).map((a) => ({
    id: a.id,
    name: a.name,
    size: a.size,
    contentType: a.contentType,
  }));

/** One ticket as the list answers it, by id, with no access check (callers check first). */
export async function ticketJson(db: DbExecutor, ticketId: string): Promise<Ticket> {
  const result = await db.execute<{ item: string }>(
    sql`select ${ticketItem} as item from tickets e where e.id = ${ticketId}`,
  );
  const item = result.rows[0]?.item;
  if (!item) throw ticketNotFound();
  return JSON.parse(item) as Ticket;
}

const actors = alias(users, 'actor');

/**
 * GET /tickets/{id}'s answer for this caller (who may see the ticket: callers check first). The
 * history's assignee changes name the people (null: unassigned); status and priority changes name
 * the values.
 */
export async function ticketDetailJson(
  db: DbExecutor,
  caller: TicketCaller,
  ticketId: string,
): Promise<TicketDetail> {
  const result = await db.execute<{
    item: string;
    ngo_id: string;
    audience: string;
    requester_id: string | null;
    description: string;
    attachments: unknown;
  }>(
    sql`select ${ticketItem} as item, e.ngo_id, e.audience, e.requester_id, e.description, e.attachments
        from tickets e where e.id = ${ticketId}`,
  );
  const row = result.rows[0];
  if (!row) throw ticketNotFound();
  const base = JSON.parse(row.item) as Ticket;
  const scope = { ngoId: row.ngo_id, audience: row.audience, requesterId: row.requester_id };
  const agent = isAgentFor(caller, scope);

  const replyRows = await db
    .select({
      id: ticketReplies.id,
      authorId: ticketReplies.authorId,
      authorName: users.name,
      byAgent: ticketReplies.byAgent,
      body: ticketReplies.body,
      internal: ticketReplies.internal,
      attachments: ticketReplies.attachments,
      createdAt: ticketReplies.createdAt,
    })
    .from(ticketReplies)
    .leftJoin(users, eq(users.id, ticketReplies.authorId))
    .where(and(eq(ticketReplies.ticketId, ticketId), agent ? undefined : eq(ticketReplies.internal, false)))
    .orderBy(asc(ticketReplies.createdAt), asc(ticketReplies.id));
  const replies: TicketReply[] = replyRows.map((r) => ({
    id: r.id,
    author: { id: r.authorId ?? '', name: r.authorName ?? '' },
    byAgent: r.byAgent,
    body: r.body,
    internal: r.internal,
    attachments: toAttachments(r.attachments),
    createdAt: r.createdAt.toISOString(),
  }));

  const eventRows = await db
    .select({
      id: ticketEvents.id,
      actorId: ticketEvents.actorId,
      actorName: actors.name,
      field: ticketEvents.field,
      from: ticketEvents.fromValue,
      to: ticketEvents.toValue,
      createdAt: ticketEvents.createdAt,
    })
    .from(ticketEvents)
    .leftJoin(actors, eq(actors.id, ticketEvents.actorId))
    .where(eq(ticketEvents.ticketId, ticketId))
    .orderBy(asc(ticketEvents.createdAt), asc(ticketEvents.id));
  const assigneeIds = [
    ...new Set(
      eventRows
        .filter((e) => e.field === 'assignee')
        .flatMap((e) => [e.from, e.to])
        .filter((id): id is string => !!id),
    ),
  ];
  const names = new Map(
    assigneeIds.length
      ? (
          await db
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(inArray(users.id, assigneeIds))
        ).map((u) => [u.id, u.name])
      : [],
  );
  const shown = (field: string, value: string | null) =>
    field === 'assignee' && value !== null ? (names.get(value) ?? '') : value;
  const events: TicketEvent[] = eventRows.map((e) => ({
    id: e.id,
    actor: e.actorId ? { id: e.actorId, name: e.actorName ?? '' } : null,
    field: e.field as TicketEvent['field'],
    from: shown(e.field, e.from),
    to: shown(e.field, e.to),
    createdAt: e.createdAt.toISOString(),
  }));

  return {
    ...base,
    description: row.description,
    attachments: toAttachments(row.attachments),
    replies,
    events,
    viewerIsAgent: agent,
    viewerIsRequester: isRequesterOf(caller, scope),
  };
}
