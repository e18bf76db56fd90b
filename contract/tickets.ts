import { z } from 'zod';
import { querySearch } from './content-common';
import { pageQuery } from './paging';
import { opaqueId, text } from './storable';

/*
 * Tickets and feedback (issue 16). A member opens a ticket to their NGO's admins ('ngo') or to the
 * platform's team ('platform'), with a category, a priority, a description and attachments (files of
 * the file layer, by id). Agents work it: status, assignment, public replies and internal notes
 * (never shown to the requester). When it is resolved, the requester is asked for a rating (CSAT 1–5
 * with a comment). A chat message the caller can read turns into a ticket in one action (POST
 * /tickets with `sourceMessageId`: the message's text and attachments are copied).
 *
 * Who sees what (the server decides; another NGO's ticket answers 404):
 * - a requester sees their own tickets, never internal notes;
 * - an agent is SUPER_ADMIN (every ticket of every NGO, both audiences), or ADMIN / NGO_ADMIN (the 'ngo'
 *   tickets of their own NGO); agents see internal notes of the tickets they work;
 * - /feedback-requests lists what the caller opened, and for NGO agents their NGO's tickets too;
 *   /admin/all-tickets is the agents' queue.
 *
 * SLA clocks: each priority has a first-reply and a resolution target (ticketSlaTargets); the clock of
 * first reply stops at the first public reply by an agent, the resolution clock at 'resolved' (it
 * starts again when the ticket is reopened, counted from the reopening, as Freshdesk does).
 *
 * Endpoints (all under /api; bearer):
 * | Method | Path                         | Permission    | Body / query        | Response                          |
 * |--------|------------------------------|---------------|---------------------|-----------------------------------|
 * | GET    | /tickets                     | tickets:read  | ticketListQuery     | 200 ticket[] (paged: Next-Cursor) |
 * | POST   | /tickets                     | tickets:create| ticketCreate        | 201 ticketDetail (Idempotency-Key)|
 * | GET    | /tickets/stats               | tickets:work  | ticketStatsQuery    | 200 ticketStats                   |
 * | GET    | /tickets/agents              | tickets:work  | –                   | 200 ticketPerson[] (assignable)   |
 * | GET    | /tickets/{ticketId}          | tickets:read  | –                   | 200 ticketDetail                  |
 * | PATCH  | /tickets/{ticketId}          | tickets:read  | ticketChange        | 200 ticketDetail (agents: all fields; requester: status closed/open only) |
 * | POST   | /tickets/{ticketId}/replies  | tickets:read  | ticketReplyCreate   | 201 ticketDetail (internal: agents only; Idempotency-Key) |
 * | PUT    | /tickets/{ticketId}/rating   | tickets:read  | ticketRatingSet     | 200 ticketDetail (requester, once resolved or closed) |
 */

export const TICKET_SUBJECT_MAX = 200;
export const TICKET_BODY_MAX = 10_000;
export const TICKET_ATTACHMENTS_MAX = 10;
export const TICKET_RATING_COMMENT_MAX = 1000;

export const ticketStatuses = ['open', 'pending', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export const ticketStatusLabels: Record<TicketStatus, string> = {
  open: 'Open',
  pending: 'Pending',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const ticketPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof ticketPriorities)[number];
export const ticketPriorityLabels: Record<TicketPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

export const ticketCategories = ['question', 'problem', 'account', 'feature', 'feedback', 'other'] as const;
export type TicketCategory = (typeof ticketCategories)[number];
export const ticketCategoryLabels: Record<TicketCategory, string> = {
  question: 'Question',
  problem: 'Something is not working',
  account: 'Account and billing',
  feature: 'Feature request',
  feedback: 'Feedback',
  other: 'Other',
};

/** To whom a ticket goes: the requester's NGO admins, or the platform's team. */
export const ticketAudiences = ['ngo', 'platform'] as const;
export type TicketAudience = (typeof ticketAudiences)[number];
export const ticketAudienceLabels: Record<TicketAudience, string> = {
  ngo: 'My organisation’s admins',
  platform: 'NGO Portal support',
};

/** Minutes to the first public reply and to resolution, by priority. */
export const ticketSlaTargets: Record<TicketPriority, { firstReplyMinutes: number; resolveMinutes: number }> =
  {
    urgent: { firstReplyMinutes: 60, resolveMinutes: 8 * 60 },
    high: { firstReplyMinutes: 4 * 60, resolveMinutes: 24 * 60 },
    normal: { firstReplyMinutes: 8 * 60, resolveMinutes: 3 * 24 * 60 },
    low: { firstReplyMinutes: 24 * 60, resolveMinutes: 7 * 24 * 60 },
  };

/** One SLA clock as the screens show it. */
export type SlaClockState = 'running' | 'met' | 'breached' | 'stopped-late';

/**
 * A clock's state at `now`: running (target ahead), breached (target passed, still running), met
 * (stopped in time) or stopped-late (stopped after its target). ISO 8601 strings in, so both sides
 * read the same answer.
 */
export function slaClock(
  dueAt: string,
  stoppedAt: string | null,
  now: string,
): { state: SlaClockState; minutesLeft: number } {
  const due = Date.parse(dueAt);
  const at = stoppedAt ? Date.parse(stoppedAt) : Date.parse(now);
  const minutesLeft = Math.round((due - at) / 60_000);
  if (stoppedAt) return { state: minutesLeft >= 0 ? 'met' : 'stopped-late', minutesLeft };
  return { state: minutesLeft >= 0 ? 'running' : 'breached', minutesLeft };
}

/** The `code` of the ticket endpoints' refusals the screens act on. */
export const ticketErrorCodes = {
  /** 409: the rating was already given. */
  alreadyRated: 'ticket_already_rated',
  /** 409: a rating is asked only once the ticket is resolved or closed. */
  notResolved: 'ticket_not_resolved',
  /** 409: a closed ticket takes no more replies or changes (open a new one). */
  closed: 'ticket_closed',
} as const;

export const ticketPerson = z.object({ id: z.string(), name: z.string() });
export type TicketPerson = z.infer<typeof ticketPerson>;

export const ticketAttachment = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachment>;

/** A ticket as the list answers it. */
export const ticket = z.object({
  id: z.string(),
  /** A short number people say on the phone: '#1042'. Unique across the platform. */
  number: z.number().int(),
  ngoId: z.string(),
  ngoName: z.string(),
  subject: z.string(),
  category: z.enum(ticketCategories),
  priority: z.enum(ticketPriorities),
  status: z.enum(ticketStatuses),
  audience: z.enum(ticketAudiences),
  requester: ticketPerson,
  assignee: ticketPerson.nullable(),
  /** The chat message it was made from, if any. */
  sourceMessageId: z.string().nullable(),
  replyCount: z.number().int(),
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The first public reply by an agent; null until then. */
  firstReplyAt: z.string().nullable(),
  firstReplyDueAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolveDueAt: z.string(),
  rating: z
    .object({ score: z.number().int().min(1).max(5), comment: z.string(), ratedAt: z.string() })
    .nullable(),
});
export type Ticket = z.infer<typeof ticket>;

export const ticketReply = z.object({
  id: z.string(),
  author: ticketPerson,
  /** Whether the author works the ticket (an agent) rather than asked it. */
  byAgent: z.boolean(),
  body: z.string(),
  /** An internal note: agents only. */
  internal: z.boolean(),
  attachments: z.array(ticketAttachment),
  createdAt: z.string(),
});
export type TicketReply = z.infer<typeof ticketReply>;

/** A status change or assignment, shown in the ticket's history. */
export const ticketEvent = z.object({
  id: z.string(),
  actor: ticketPerson.nullable(),
  /** 'status' | 'assignee' | 'priority'. */
  field: z.enum(['status', 'assignee', 'priority']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  createdAt: z.string(),
});
export type TicketEvent = z.infer<typeof ticketEvent>;

export const ticketDetail = ticket.extend({
  description: z.string(),
  attachments: z.array(ticketAttachment),
  replies: z.array(ticketReply),
  events: z.array(ticketEvent),
  /** What the caller may do here (the server enforces it; the screen only hides what would fail). */
  viewerIsAgent: z.boolean(),
  viewerIsRequester: z.boolean(),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .enum(['', ...values] as unknown as readonly [string, ...string[]], { error: message })
    .optional()
    .transform((v) => (v ? (v as T[number]) : undefined));

/** GET /tickets: newest first; `mine` only the caller's own requests; `assignee` 'me' or 'none' or an id. */
export const ticketListQuery = pageQuery.extend({
  status: optionalEnum(ticketStatuses, 'Status must be open, pending, resolved or closed.'),
  priority: optionalEnum(ticketPriorities, 'Priority must be low, normal, high or urgent.'),
  category: optionalEnum(ticketCategories, 'Choose a category from the list.'),
  audience: optionalEnum(ticketAudiences, 'Audience must be ngo or platform.'),
  assignee: z.union([z.literal('me'), z.literal('none'), opaqueId('Assignee')]).optional(),
  mine: z
    .enum(['true', 'false', ''], { error: 'mine must be true or false.' })
    .optional()
    .transform((v) => v === 'true'),
  q: querySearch,
});
export type TicketListQuery = z.output<typeof ticketListQuery>;

const subject = text('Subject')
  .trim()
  .min(1, 'Subject is required.')
  .max(TICKET_SUBJECT_MAX, `Subject is too long (${TICKET_SUBJECT_MAX} characters at most).`);
const body = (label: string) =>
  text(label)
    .trim()
    .min(1, `${label} is required.`)
    .max(
      TICKET_BODY_MAX,
      `${label} is too long (${TICKET_BODY_MAX.toLocaleString('en')} characters at most).`,
    );
const attachmentIds = z
  .array(opaqueId('Attachment'))
  .max(TICKET_ATTACHMENTS_MAX, `A ticket takes ${TICKET_ATTACHMENTS_MAX} attachments at most.`)
  .default([]);

export const ticketCreate = z.object({
  subject,
  /** Required, unless the ticket is made from a chat message (its text is the description then). */
  description: text('Description')
    .trim()
    .max(
      TICKET_BODY_MAX,
      `Description is too long (${TICKET_BODY_MAX.toLocaleString('en')} characters at most).`,
    )
    .default(''),
  category: z.enum(ticketCategories, { error: 'Choose a category from the list.' }),
  priority: z
    .enum(ticketPriorities, { error: 'Priority must be low, normal, high or urgent.' })
    .default('normal'),
  audience: z.enum(ticketAudiences, { error: 'Choose who the ticket goes to.' }).default('ngo'),
  attachmentIds,
  sourceMessageId: opaqueId('Chat message').optional(),
});
export type TicketCreate = z.input<typeof ticketCreate>;

/** PATCH /tickets/{id}: at least one field. */
export const ticketChange = z
  .object({
    status: z.enum(ticketStatuses, { error: 'Status must be open, pending, resolved or closed.' }).optional(),
    priority: z.enum(ticketPriorities, { error: 'Priority must be low, normal, high or urgent.' }).optional(),
    /** null unassigns. */
    assigneeId: opaqueId('Assignee').nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined || v.assigneeId !== undefined, {
    message: 'Nothing to change.',
    path: ['status'],
  });
export type TicketChange = z.input<typeof ticketChange>;

export const ticketReplyCreate = z.object({
  body: body('Reply'),
  internal: z.boolean().default(false),
  attachmentIds,
  /** Agents may set the status with the reply (e.g. reply and mark pending or resolved). */
  status: z.enum(ticketStatuses, { error: 'Status must be open, pending, resolved or closed.' }).optional(),
});
export type TicketReplyCreate = z.input<typeof ticketReplyCreate>;

export const ticketRatingSet = z.object({
  score: z
    .number({ error: 'Choose a rating from 1 to 5.' })
    .int('Choose a rating from 1 to 5.')
    .min(1, 'Choose a rating from 1 to 5.')
    .max(5, 'Choose a rating from 1 to 5.'),
  comment: text('Comment')
    .trim()
    .max(TICKET_RATING_COMMENT_MAX, `Comment is too long (${TICKET_RATING_COMMENT_MAX} characters at most).`)
    .default(''),
});
export type TicketRatingSet = z.input<typeof ticketRatingSet>;

export const TICKET_STATS_WEEKS_MAX = 52;
export const ticketStatsQuery = z.object({
  weeks: z.coerce
    .number({ error: 'weeks must be a whole number from 1 to 52.' })
    .int('weeks must be a whole number from 1 to 52.')
    .min(1, 'weeks must be a whole number from 1 to 52.')
    .max(TICKET_STATS_WEEKS_MAX, 'weeks must be a whole number from 1 to 52.')
    .default(8),
});

/** GET /tickets/stats: the agent's queue, week by week (weeks start on Monday, UTC), oldest first. */
export const ticketStats = z.object({
  weeks: z.array(
    z.object({
      /** YYYY-MM-DD, the Monday. */
      weekStart: z.string(),
      opened: z.number().int(),
      resolved: z.number().int(),
      /** Mean rating of the tickets rated that week; null when none. */
      csat: z.number().nullable(),
      ratings: z.number().int(),
    }),
  ),
  /** Tickets now in each status. */
  byStatus: z.record(z.enum(ticketStatuses), z.number().int()),
  /** Open or pending tickets whose first-reply or resolution target has passed. */
  breached: z.number().int(),
  /** Median minutes to the first public reply, over the period; null with none. */
  medianFirstReplyMinutes: z.number().nullable(),
  medianResolveMinutes: z.number().nullable(),
});
export type TicketStats = z.infer<typeof ticketStats>;
