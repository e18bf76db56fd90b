import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ngos } from './ngos';

export const roles = [
  'SUPER_ADMIN',
  'ADMIN',
  'NGO_ADMIN',
  'STAFF',
  'VOLUNTEER',
  'ANALYST',
  'VIEWER',
] as const;
export type Role = (typeof roles)[number];

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** E.164 (+250788123456), for text messages (bulk notifications' SMS); null when not given. */
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Bumped on password reset, deactivation and a move to another NGO; tokens carrying an older
    // version are refused.
    sessionVersion: integer('session_version').notNull().default(1),
    // 'active' | 'deactivated' (contract/members.ts memberStatuses). A deactivated member keeps their
    // account and history but cannot sign in, and frees their seat of the plan's member limit.
    status: text('status').notNull().default('active'),
    // The last request of any of the member's sessions, written at most every 5 minutes
    // (http/auth-middleware.ts); null before the first.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_ngo_idx').on(t.ngoId),
    check('users_status_check', sql`${t.status} in ('active', 'deactivated')`),
  ],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);
