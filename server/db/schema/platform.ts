import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every message the mailer sends, kept so a machine without SMTP can still verify accounts. */
export const mailOutbox = pgTable('mail_outbox', {
  id: text('id').primaryKey(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  link: text('link'),
  transport: text('transport').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters in the database, so every API replica sees the same limits. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
