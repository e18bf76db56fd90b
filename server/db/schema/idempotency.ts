import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The first successful answer to each Idempotency-Key (server/http/idempotency.ts). A row is only
 * ever committed together with the writes of the request that produced it, so a stored key always
 * has its response. Kept at least 30 days, then purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    // 'user:<id>' for a signed-in caller, else 'anonymous': one user cannot replay another's answer.
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    // SHA-256 (hex) of method, path and raw body.
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseContentType: text('response_content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
