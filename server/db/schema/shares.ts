import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ngos } from './ngos';
import { files } from './storage';
import { users } from './users';

/**
 * Share links (issue 13, contract/shares.ts): anyone holding the token downloads the file. Only the
 * token's SHA-256 is kept (hex, unique): the token is random (256 bits), so a fast hash is enough and
 * a lookup is one index probe. The password, when set, is an argon2id hash. Purging a file removes
 * its links.
 */
export const fileShares = pgTable(
  'file_shares',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    downloads: integer('downloads').notNull().default(0),
    lastDownloadAt: timestamp('last_download_at', { withTimezone: true }),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_shares_file_idx').on(t.fileId, t.createdAt)],
);
