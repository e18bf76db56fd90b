import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Every message the mailer sends, kept so a machine without SMTP can still verify accounts. A row is
 * written through the request's database handle, so it commits or rolls back with the request, and is
 * delivered only after commit (ADR 0023): `next_attempt_at` is set while a delivery is owed, null once
 * delivered (or given up); rows written before it existed are null, so none is sent twice.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    transport: text('transport').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // When the next delivery may start; a claimed row is pushed a lease ahead, so a crash mid-send retries.
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
);

/** Fixed-window counters in the database, so every API replica sees the same limits. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
