import { and, count, eq } from 'drizzle-orm';
import type { DbExecutor } from '..';
import { ticketSlaTargets, type TicketStatus } from '../../../contract/tickets';
import { newId } from '../../services/ids';
import {
  chatMessages,
  ticketEvents,
  ticketReplies,
  tickets,
  users,
  type StoredTicketAttachment,
} from '../schema';
import { CHAT_PEOPLE, type Who } from './sample-chat-script';
import { SAMPLE_TICKETS, type SampleTicket } from './sample-tickets-script';

export { SAMPLE_TICKETS } from './sample-tickets-script';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Kigali is UTC+2 all year. */
const KIGALI_OFFSET_HOURS = 2;

type Ids = Partial<Record<Who, string>>;

const isDone = (s: TicketStatus) => s === 'resolved' || s === 'closed';

async function demoPeople(tx: DbExecutor, ngoId: string): Promise<Ids> {
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.ngoId, ngoId));
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  return Object.fromEntries(
    Object.entries(CHAT_PEOPLE).map(([who, email]) => [who, byEmail.get(email)]),
  ) as Ids;
}

/** The demo chat message a ticket was made from, if the demo chat has it. */
async function chatMessage(tx: DbExecutor, ngoId: string, body: string) {
  const [row] = await tx
    .select({ id: chatMessages.id, createdAt: chatMessages.createdAt, attachments: chatMessages.attachments })
    .from(chatMessages)
    .where(and(eq(chatMessages.ngoId, ngoId), eq(chatMessages.body, body)))
    .limit(1);
  return row;
}

function openedAt(sample: SampleTicket, now: Date): Date {
  if (sample.minutesAgo !== undefined) return new Date(now.getTime() - sample.minutesAgo * MINUTE_MS);
  const day = new Date(now.getTime() - sample.daysAgo * DAY_MS);
  return new Date(
    Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), sample.hour - KIGALI_OFFSET_HOURS),
  );
}

/**
 * One sample ticket, played as the API would have left it: replies in order, the first public reply
 * of an agent as first_reply_at, status changes as history rows (resolved_at on the first move to
 * resolved or closed), the SLA due times from the priority, the public replies counted.
 */
async function seedTicket(tx: DbExecutor, ngoId: string, now: Date, sample: SampleTicket, ids: Ids) {
  const requesterId = ids[sample.by];
  if (!requesterId) return;
  const source = sample.sourceMessage ? await chatMessage(tx, ngoId, sample.sourceMessage) : undefined;
  let created = openedAt(sample, now);
  // Made from a chat message: opened a little after it was sent.
  if (source) created = new Date(source.createdAt.getTime() + 20 * MINUTE_MS);
  // Never in the future, however early in the day the seed runs.
  const latest = now.getTime() - MINUTE_MS;
  const at = (after: number) => new Date(Math.min(created.getTime() + after * MINUTE_MS, latest));
  if (created.getTime() > latest) created = new Date(latest - 60 * MINUTE_MS);

  const id = newId();
  const target = ticketSlaTargets[sample.priority];
  let status: TicketStatus = 'open';
  let firstReplyAt: Date | null = null;
  let resolvedAt: Date | null = null;
  let replyCount = 0;
  let updatedAt = created;
  const replies: (typeof ticketReplies.$inferInsert)[] = [];
  const events: (typeof ticketEvents.$inferInsert)[] = [];
  const assigneeId = sample.assignee ? (ids[sample.assignee] ?? null) : null;
  if (assigneeId) {
    events.push({
      id: newId(),
      ticketId: id,
      ngoId,
      actorId: assigneeId,
      field: 'assignee',
      fromValue: null,
      toValue: assigneeId,
      createdAt: at(sample.assignedAfter ?? 10),
    });
  }
  for (const step of sample.steps) {
    const when = at(step.after);
    const authorId = ids[step.by] ?? null;
    if (step.reply) {
      const byAgent = step.by !== sample.by;
      replies.push({
        id: newId(),
        ticketId: id,
        ngoId,
        authorId,
        byAgent,
        body: step.reply,
        internal: step.internal ?? false,
        attachments: [],
        createdAt: when,
      });
      if (!step.internal) {
        replyCount += 1;
        if (byAgent && !firstReplyAt) firstReplyAt = when;
      }
    }
    if (step.status && step.status !== status) {
      events.push({
        id: newId(),
        ticketId: id,
        ngoId,
        actorId: authorId,
        field: 'status',
        fromValue: status,
        toValue: step.status,
        createdAt: when,
      });
      if (isDone(step.status) && !resolvedAt) resolvedAt = when;
      status = step.status;
    }
    updatedAt = when;
  }
  const ratedAt = sample.rating ? at(sample.rating.after) : null;
  if (ratedAt && ratedAt > updatedAt) updatedAt = ratedAt;

  await tx.insert(tickets).values({
    id,
    ngoId,
    audience: sample.audience,
    requesterId,
    assigneeId,
    subject: sample.subject,
    description: sample.description || sample.sourceMessage || '',
    category: sample.category,
    priority: sample.priority,
    status,
    sourceMessageId: source?.id ?? null,
    attachments: (
      (source?.attachments ?? []) as { fileId: string; name: string; contentType: string; size: number }[]
    ).map((f): StoredTicketAttachment => ({
      id: f.fileId,
      name: f.name,
      contentType: f.contentType,
      size: f.size,
    })),
    replyCount,
    createdAt: created,
    updatedAt,
    firstReplyAt,
    firstReplyDueAt: new Date(created.getTime() + target.firstReplyMinutes * MINUTE_MS),
    resolvedAt,
    resolveDueAt: new Date(created.getTime() + target.resolveMinutes * MINUTE_MS),
    ratingScore: sample.rating?.score ?? null,
    ratingComment: sample.rating?.comment ?? null,
    ratedAt,
  });
  if (replies.length) await tx.insert(ticketReplies).values(replies);
  if (events.length) await tx.insert(ticketEvents).values(events);
}

/**
 * The demo's tickets (issue 16), added once: not while the demo NGO has any ticket (so what people
 * did with them in the demo stays as it is), and only when its NGO admin and volunteer are the demo's.
 * Seeded after the chat, so the ticket made from a chat message finds it; in order of opening, so
 * their numbers rise with time.
 */
export async function seedSampleTickets(tx: DbExecutor, ngoId: string, now: Date): Promise<boolean> {
  const [existing] = await tx.select({ n: count() }).from(tickets).where(eq(tickets.ngoId, ngoId));
  if ((existing?.n ?? 0) > 0) return false;
  const ids = await demoPeople(tx, ngoId);
  if (!ids.nadia || !ids.grace) return false;
  const ordered = [...SAMPLE_TICKETS].sort((x, y) => openedAt(x, now).getTime() - openedAt(y, now).getTime());
  for (const sample of ordered) await seedTicket(tx, ngoId, now, sample, ids);
  return true;
}
