import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ngos } from './ngos';
import { users } from './users';

/**
 * One row per successful AI call, so usage can be shown and billed per organisation and per feature
 * (plans limit AI tokens per month). Rows outlive the user or organisation they name: the platform
 * totals must not shrink when an account is deleted.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id').references(() => ngos.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    // What the tokens were spent on, e.g. 'blog-generate'.
    feature: text('feature').notNull(),
    model: text('model').notNull(),
    // Null when the provider did not report usage (some local model servers do not).
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    totalTokens: integer('total_tokens'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_usage_ngo_created_idx').on(t.ngoId, t.createdAt),
    index('ai_usage_feature_created_idx').on(t.feature, t.createdAt),
  ],
);
