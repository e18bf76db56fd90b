import { and, eq, inArray, ne } from 'drizzle-orm';
import { ticketAudienceLabels, ticketPriorityLabels, type TicketAudience } from '../../../contract/tickets';
import type { DbExecutor } from '../../db';
import { users } from '../../db/schema';
import type { MailQueue } from '../../services/mailer';
import { NGO_AGENT_ROLES, type TicketRow } from './tickets-access';

/*
 * The tickets' messages. Each is queued through the request's handle (ADR 0023), so it leaves only if
 * the change it tells of committed. Links open the ticket on the requester's screen
 * (/feedback-requests?ticket={id}) or the agents' queue (/admin/all-tickets?ticket={id}), as the
 * client's routes read them.
 */

export interface TicketMailDeps {
  db: DbExecutor;
  mail: MailQueue;
  /** The origin of the links (http/app-url.ts). */
  appUrl: string;
}

type MailTicket = Pick<TicketRow, 'id' | 'number' | 'subject' | 'ngoId' | 'audience' | 'priority'>;

export const requesterLink = (a: TicketMailDeps, ticketId: string) =>
  `${a.appUrl}/feedback-requests?ticket=${encodeURIComponent(ticketId)}`;
export const agentLink = (a: TicketMailDeps, ticketId: string) =>
  `${a.appUrl}/admin/all-tickets?ticket=${encodeURIComponent(ticketId)}`;

/** Mail text quotes what people typed; a reply is cut so the message stays a notice, not an archive. */
const QUOTE_MAX = 2000;
const quote = (body: string) =>
  (body.length > QUOTE_MAX ? `${body.slice(0, QUOTE_MAX)}…` : body)
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

/** Typed line breaks never reach a mail header. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

interface Person {
  id: string;
  email: string;
  name: string;
}

/**
 * Who a new or unassigned ticket's news goes to: the NGO's active admins for 'ngo' tickets, the
 * active SUPER_ADMINs for 'platform' ones; never the person who caused the mail.
 */
async function queueWatchers(db: DbExecutor, ticket: MailTicket, exceptId: string): Promise<Person[]> {
  const audience = ticket.audience as TicketAudience;
  const who =
    audience === 'ngo'
      ? and(eq(users.ngoId, ticket.ngoId), inArray(users.role, [...NGO_AGENT_ROLES]))
      : eq(users.role, 'SUPER_ADMIN');
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(who, eq(users.status, 'active'), ne(users.id, exceptId)))
    .orderBy(users.id);
}

async function person(db: DbExecutor, id: string | null): Promise<Person | null> {
  if (!id) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row && row.status === 'active' ? row : null;
}

const label = (t: MailTicket) => `#${t.number} ${oneLine(t.subject)}`;

/** POST /tickets: the agents learn that a ticket arrived. */
export async function mailTicketOpened(
  a: TicketMailDeps,
  ticket: MailTicket,
  requester: { id: string; name: string },
  description: string,
) {
  const link = agentLink(a, ticket.id);
  const priority = ticketPriorityLabels[ticket.priority as keyof typeof ticketPriorityLabels];
  for (const to of await queueWatchers(a.db, ticket, requester.id)) {
    await a.mail.queue(a.db, {
      to: to.email,
      subject: `New ticket ${label(ticket)}`,
      text: `Hello ${to.name},\n\n${requester.name} opened a ticket for ${ticketAudienceLabels[ticket.audience as TicketAudience]} (priority: ${priority}):\n\n${quote(description)}\n\nOpen it to reply or assign it:\n${link}`,
      link,
    });
  }
}

/** A public reply by an agent: the requester hears of it. */
export async function mailAgentReplied(
  a: TicketMailDeps,
  ticket: MailTicket & Pick<TicketRow, 'requesterId'>,
  author: { id: string; name: string },
  body: string,
  resolved: boolean,
) {
  const to = await person(a.db, ticket.requesterId);
  if (!to || to.id === author.id) return;
  const link = requesterLink(a, ticket.id);
  const ending = resolved
    ? `\n\nThe ticket is now resolved. If something is still wrong, reply to reopen it; otherwise tell us how we did:\n${link}`
    : `\n\nReply or follow the ticket here:\n${link}`;
  await a.mail.queue(a.db, {
    to: to.email,
    subject: `Re: ${label(ticket)}`,
    text: `Hello ${to.name},\n\n${author.name} replied to your ticket:\n\n${quote(body)}${ending}`,
    link,
  });
}

/** The requester's reply: the assignee hears of it, or every agent watching an unassigned ticket. */
export async function mailRequesterReplied(
  a: TicketMailDeps,
  ticket: MailTicket & Pick<TicketRow, 'assigneeId'>,
  author: { id: string; name: string },
  body: string,
) {
  const assignee = await person(a.db, ticket.assigneeId);
  const recipients = assignee
    ? assignee.id === author.id
      ? []
      : [assignee]
    : await queueWatchers(a.db, ticket, author.id);
  const link = agentLink(a, ticket.id);
  for (const to of recipients) {
    await a.mail.queue(a.db, {
      to: to.email,
      subject: `Re: ${label(ticket)}`,
      text: `Hello ${to.name},\n\n${author.name} replied on ticket ${label(ticket)}:\n\n${quote(body)}\n\nOpen the ticket:\n${link}`,
      link,
    });
  }
}

/** An agent gave the ticket to another agent. */
export async function mailAssigned(
  a: TicketMailDeps,
  ticket: MailTicket,
  assigneeId: string,
  by: { id: string; name: string },
) {
  if (assigneeId === by.id) return;
  const to = await person(a.db, assigneeId);
  if (!to) return;
  const link = agentLink(a, ticket.id);
  await a.mail.queue(a.db, {
    to: to.email,
    subject: `Assigned to you: ${label(ticket)}`,
    text: `Hello ${to.name},\n\n${by.name} assigned ticket ${label(ticket)} to you.\n\nOpen it:\n${link}`,
    link,
  });
}

/** An agent resolved the ticket without a reply: the requester is asked how it went. */
export async function mailResolved(
  a: TicketMailDeps,
  ticket: MailTicket & Pick<TicketRow, 'requesterId'>,
  by: { id: string; name: string },
) {
  const to = await person(a.db, ticket.requesterId);
  if (!to || to.id === by.id) return;
  const link = requesterLink(a, ticket.id);
  await a.mail.queue(a.db, {
    to: to.email,
    subject: `Resolved: ${label(ticket)}`,
    text: `Hello ${to.name},\n\n${by.name} marked your ticket ${label(ticket)} as resolved.\n\nIf something is still wrong, reply to reopen it; otherwise tell us how we did (it takes a few seconds):\n${link}`,
    link,
  });
}
