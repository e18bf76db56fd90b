import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    source: text('source').notNull().default('landing'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // On lower(email), so no address can be stored twice in another case, whoever writes the row.
  (t) => [uniqueIndex('newsletter_subscribers_email_unique').on(sql`lower(${t.email})`)],
);

/**
 * One landing-page view. Deliberately anonymous: no IP, no raw User-Agent, and an external
 * referrer only as its origin (a full referring URL can carry search terms or tokens).
 */
export const siteVisits = pgTable(
  'site_visits',
  {
    id: text('id').primaryKey(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
    url: text('url').notNull(),
    referrer: text('referrer'),
    // '<device>/<browser>', e.g. 'mobile/chrome' or 'bot/other'.
    userAgentClass: text('user_agent_class').notNull(),
  },
  (t) => [index('site_visits_visited_at_idx').on(t.visitedAt)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    organisation: text('organisation'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);
