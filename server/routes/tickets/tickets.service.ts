import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PageQuery } from '../../../contract/paging';
import {
  ticketSlaTargets,
  type ticketCreate,
  type TicketDetail,
  type TicketListQuery,
  type TicketPriority,
} from '../../../contract/tickets';
import type { DbExecutor } from '../../db';
import { chatMessages, files, tickets, type StoredTicketAttachment } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { newId } from '../../services/ids';
import { readJsonPage, sortKey, type JsonPage } from '../../services/keyset-paging';
import { prefixTsQuery } from '../../services/search';
import { readableConversation } from '../chat/chat-access';
import { visibleScope, visibleTicket, type TicketCaller } from './tickets-access';
import { mailTicketOpened, type TicketMailDeps } from './tickets-mail';
import { ticketDetailJson, ticketItem } from './tickets-view';

/** `n` minutes as an SQL interval (n is an integer of ours, bound as a parameter). */
export const minutes = (n: number) => sql`(${n}::int * interval '1 minute')`;

/** Newest first, then id. */
const ticketKeys = [sortKey(sql`e.created_at`, 'timestamptz', 'desc'), sortKey(sql`e.id`, 'text', 'desc')];

type TicketFilters = Omit<TicketListQuery, 'limit' | 'cursor'>;

/** GET /tickets: one page of the tickets the caller may see, newest first. */
export function listTicketsPage(
  db: DbExecutor,
  caller: TicketCaller,
  filters: TicketFilters,
  page: PageQuery,
): Promise<JsonPage> {
  const conditions: SQL[] = [visibleScope(caller)];
  if (filters.mine) conditions.push(sql`e.requester_id = ${caller.id}`);
  if (filters.status) conditions.push(sql`e.status = ${filters.status}`);
  if (filters.priority) conditions.push(sql`e.priority = ${filters.priority}`);
  if (filters.category) conditions.push(sql`e.category = ${filters.category}`);
  if (filters.audience) conditions.push(sql`e.audience = ${filters.audience}`);
  const assignee = filters.assignee === 'me' ? caller.id : filters.assignee;
  if (assignee === 'none') conditions.push(sql`e.assignee_id is null`);
  else if (assignee) conditions.push(sql`e.assignee_id = ${assignee}`);
  const tsQuery = filters.q ? prefixTsQuery(filters.q) : null;
  if (tsQuery) conditions.push(sql`e.search_vector @@ to_tsquery('simple', ${tsQuery})`);
  return readJsonPage(
    db,
    { from: sql`tickets e`, where: sql.join(conditions, sql` and `), item: ticketItem, keys: ticketKeys },
    // A cursor is bound to the filters and to the caller (what they see depends on who they are).
    {
      listing: 'tickets',
      filters: {
        mine: filters.mine || undefined,
        status: filters.status,
        priority: filters.priority,
        category: filters.category,
        audience: filters.audience,
        assignee,
        q: tsQuery ?? undefined,
        caller: caller.id,
        role: caller.role,
        ngo: caller.tenant.ngoId,
      },
      page,
      reuse: false,
    },
  );
}

/** GET /tickets/{id}. */
export async function getTicket(
  db: DbExecutor,
  caller: TicketCaller,
  ticketId: string,
): Promise<TicketDetail> {
  await visibleTicket(db, caller, ticketId);
  return ticketDetailJson(db, caller, ticketId);
}

/**
 * The files attached, as stored (a snapshot): each must be a live file of the ticket's NGO (the
 * caller's own when opening one), so everyone who sees the ticket may download it; else a 400.
 */
export async function ticketAttachmentsOf(
  db: DbExecutor,
  ngoId: string,
  ids: readonly string[],
): Promise<StoredTicketAttachment[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType, size: files.sizeBytes })
    .from(files)
    .where(and(inArray(files.id, unique), eq(files.ngoId, ngoId), isNull(files.deletedAt)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length) {
    const message = `File not found: ${missing.join(', ')}.`;
    throw new ApiError(400, message, { fields: { attachmentIds: message } });
  }
  return unique.map((id) => {
    const f = byId.get(id)!;
    return { id: f.id, name: f.name, contentType: f.contentType, size: Number(f.size) };
  });
}

const chatMessageNotFound = () => new ApiError(404, 'Chat message not found.');

/** A live chat message the caller may read (chat-access.ts), with its text and files; 404 otherwise. */
async function readableChatMessage(db: DbExecutor, caller: TicketCaller, messageId: string) {
  const [message] = await db
    .select({
      id: chatMessages.id,
      conversationId: chatMessages.conversationId,
      body: chatMessages.body,
      attachments: chatMessages.attachments,
    })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.id, messageId),
        caller.tenant.ownedBy(chatMessages.ngoId),
        isNull(chatMessages.deletedAt),
      ),
    )
    .limit(1);
  if (!message) throw chatMessageNotFound();
  try {
    await readableConversation(db, caller, message.conversationId);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw chatMessageNotFound();
    throw err;
  }
  const attachments = (
    (message.attachments ?? []) as { fileId: string; name: string; contentType: string; size: number }[]
  ).map((a): StoredTicketAttachment => ({
    id: a.fileId,
    name: a.name,
    contentType: a.contentType,
    size: a.size,
  }));
  return { body: message.body, attachments };
}

type CreateInput = z.output<typeof ticketCreate>;

/**
 * POST /tickets: the ticket of the caller's NGO, its SLA due times from its priority, and a mail to
 * the agents who watch its audience. Made from a chat message, the message's text is the
 * description when none is typed, and its files come first among the ticket's.
 */
export async function createTicket(
  a: TicketMailDeps,
  caller: TicketCaller,
  input: CreateInput,
): Promise<TicketDetail> {
  const id = newId();
  await a.db.transaction(async (tx) => {
    let description = input.description;
    let attachments = await ticketAttachmentsOf(tx, caller.tenant.ngoId, input.attachmentIds);
    if (input.sourceMessageId) {
      const message = await readableChatMessage(tx, caller, input.sourceMessageId);
      if (!description) description = message.body.trim();
      const own = new Set(message.attachments.map((f) => f.id));
      attachments = [...message.attachments, ...attachments.filter((f) => !own.has(f.id))];
    }
    if (!description) {
      const message = 'Description is required.';
      throw new ApiError(400, message, { fields: { description: message } });
    }
    const target = ticketSlaTargets[input.priority as TicketPriority];
    const [row] = await tx
      .insert(tickets)
      .values({
        id,
        ngoId: caller.tenant.ngoId,
        audience: input.audience,
        requesterId: caller.id,
        subject: input.subject,
        description,
        category: input.category,
        priority: input.priority,
        sourceMessageId: input.sourceMessageId ?? null,
        attachments,
        firstReplyDueAt: sql`now() + ${minutes(target.firstReplyMinutes)}`,
        resolveDueAt: sql`now() + ${minutes(target.resolveMinutes)}`,
      })
      .returning();
    await mailTicketOpened({ ...a, db: tx }, row!, caller, description);
  });
  return ticketDetailJson(a.db, caller, id);
}
