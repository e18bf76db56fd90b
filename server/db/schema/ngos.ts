import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const ngos = pgTable('ngos', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  plan: text('plan').notNull().default('starter'),
  country: text('country'),
  isSample: boolean('is_sample').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
