import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { chatMessages } from './chat';
import { ngos } from './ngos';
import { users } from './users';

/** Drizzle has no tsvector type; the value is only ever read by Postgres itself. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A file attached to a ticket or a reply, as stored: a snapshot of the file when it was attached. */
export interface StoredTicketAttachment {
  id: string;
  name: string;
  contentType: string;
  size: number;
}

/*
 * Tickets and feedback (issue 16, contract/tickets.ts). A ticket belongs to its requester's NGO
 * (`ngo_id`) whatever its audience: 'ngo' tickets are worked by that NGO's admins, 'platform' ones by
 * SUPER_ADMINs. The SLA due times are written when the ticket is made (and moved when its priority
 * changes or it is reopened), so listings and stats compare columns with now() and never recompute
 * targets. `reply_count` counts public replies only: internal notes are never counted, so the list
 * reads the same for the requester and the agents.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: text('id').primaryKey(),
    /** The short number people say on the phone ('#1042'): one identity sequence for the platform. */
    number: integer('number').notNull().generatedAlwaysAsIdentity({ startWith: 1001 }),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    /** 'ngo' (the NGO's admins) or 'platform' (the platform's team). */
    audience: text('audience').notNull(),
    requesterId: text('requester_id').references(() => users.id, { onDelete: 'set null' }),
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    priority: text('priority').notNull(),
    status: text('status').notNull().default('open'),
    /** The chat message the ticket was made from, if any. */
    sourceMessageId: text('source_message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    /** StoredTicketAttachment[]: the ticket's own files and those copied from its chat message. */
    attachments: jsonb('attachments')
      .$type<StoredTicketAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Public replies (internal notes are not counted). */
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first public reply by an agent: stops the first-reply clock. */
    firstReplyAt: timestamp('first_reply_at', { withTimezone: true }),
    firstReplyDueAt: timestamp('first_reply_due_at', { withTimezone: true }).notNull(),
    /** Set on the first move to resolved or closed, cleared on reopening: stops the resolution clock. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The resolution target: from creation, or from the last reopening. */
    resolveDueAt: timestamp('resolve_due_at', { withTimezone: true }).notNull(),
    ratingScore: integer('rating_score'),
    ratingComment: text('rating_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(() =>
        sql.raw(
          `to_tsvector('simple'::regconfig, regexp_replace("subject" || ' ' || "description", '[^[:alnum:]]+', ' ', 'g'))`,
        ),
      ),
  },
  (t) => [
    uniqueIndex('tickets_number_idx').on(t.number),
    // The listing's order (created_at desc, id desc): an NGO's tickets, a requester's, and everyone's
    // for a SUPER_ADMIN.
    index('tickets_ngo_created_idx').on(t.ngoId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tickets_requester_created_idx').on(
      t.requesterId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('tickets_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tickets_status_idx').on(t.status, t.ngoId),
    index('tickets_assignee_idx')
      .on(t.assigneeId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.assigneeId} is not null`),
    index('tickets_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    check('tickets_audience_check', sql`${t.audience} in ('ngo', 'platform')`),
    check('tickets_status_check', sql`${t.status} in ('open', 'pending', 'resolved', 'closed')`),
    check('tickets_priority_check', sql`${t.priority} in ('low', 'normal', 'high', 'urgent')`),
    check(
      'tickets_category_check',
      sql`${t.category} in ('question', 'problem', 'account', 'feature', 'feedback', 'other')`,
    ),
    check('tickets_rating_check', sql`${t.ratingScore} is null or ${t.ratingScore} between 1 and 5`),
  ],
);

/** A ticket's conversation: public replies and agents' internal notes. */
export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: text('id').primaryKey(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author worked the ticket (an agent other than its requester) when writing it. */
    byAgent: boolean('by_agent').notNull(),
    body: text('body').notNull(),
    /** An internal note: shown to agents only. */
    internal: boolean('internal').notNull().default(false),
    attachments: jsonb('attachments')
      .$type<StoredTicketAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_replies_ticket_idx').on(t.ticketId, t.createdAt, t.id)],
);

/** The ticket's history: status, assignee and priority changes (values as stored: ids for assignees). */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: text('id').primaryKey(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    field: text('field').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_events_ticket_idx').on(t.ticketId, t.createdAt, t.id),
    check('ticket_events_field_check', sql`${t.field} in ('status', 'assignee', 'priority')`),
  ],
);
