import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from './storage';
import { ngos } from './ngos';
import { users } from './users';

/**
 * Resumable (tus) uploads in flight (issue 13, ADR 0031). The bytes are the tus store's until the
 * last one arrives; this row says whose the upload is, where its file goes, and how much of the NGO's
 * quota it holds (its declared length, reserved at creation). On completion the file's row is written,
 * the hold settled and `file_id` set in one transaction; the row then answers a late HEAD or a retried
 * last PATCH. An unfinished upload expires at `expires_at` and its hold is released.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The folder asked for at creation; null is the root. No foreign key: a folder purged meanwhile
    // sends the file to the root at completion.
    folderId: text('folder_id'),
    name: text('name').notNull(),
    // The declared Upload-Length, held in storage_usage.bytes_reserved until completion or release.
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    fileId: text('file_id').references(() => files.id, { onDelete: 'set null' }),
  },
  (t) => [index('uploads_expiry_idx').on(t.expiresAt), index('uploads_completed_idx').on(t.completedAt)],
);
