import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ngos } from './ngos';
import { users } from './users';

/*
 * Web Push subscriptions (issue 16, contract/push.ts): one row per device that allowed notifications.
 * The endpoint is the push service's address for that device, unique: a device signed in as someone
 * else takes it over. A subscription the push service calls gone (404/410) is deleted on the spot.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    /** The device's P-256 public key and auth secret (base64url), which payloads are encrypted to. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
