import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ngos } from './ngos';
import { users } from './users';

/**
 * Invitations to join an NGO (issue 15, contract/members.ts, ADR 0041). Only the SHA-256 of the
 * emailed token is kept (services/auth/tokens.ts hashToken), as for auth tokens and share links. The
 * status is derived, never stored: accepted (accepted_at), revoked (revoked_at), expired (expires_at
 * passed), else pending. A resend replaces the token and the expiry of the same row.
 */
export const invites = pgTable(
  'invites',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    /** Lowercased, as every stored address is (contract/auth.ts emailSchema). */
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The last time the current link was mailed. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: text('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    // The invitations listing's order, newest first, within one NGO.
    index('invites_ngo_created_idx').on(t.ngoId, t.createdAt),
    uniqueIndex('invites_token_hash_unique').on(t.tokenHash),
    // At most one open invitation per address and NGO: a second invite of the address refreshes it.
    // Expiry cannot be part of an index predicate (now() is not immutable), so an expired, open one
    // is refreshed too rather than duplicated.
    uniqueIndex('invites_open_email_unique')
      .on(t.ngoId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check(
      'invites_role_check',
      sql`${t.role} in ('ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER')`,
    ),
    check('invites_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);
