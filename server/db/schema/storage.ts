import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ngos } from './ngos';
import { users } from './users';

/**
 * Each NGO's storage total (issue 13), kept in the same transaction as every change to its files, so
 * the quota is checked against one row rather than a sum over all files. bigint in mode 'number':
 * totals outgrow int4 (2 GB is 2^31), never 2^53.
 */
export const storageUsage = pgTable(
  'storage_usage',
  {
    ngoId: text('ngo_id')
      .primaryKey()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    // Bytes of the NGO's stored files, the trash included until it is purged.
    bytesUsed: bigint('bytes_used', { mode: 'number' }).notNull().default(0),
    // Bytes promised to uploads in flight (their declared lengths): two uploads started together can
    // never pass the limit together.
    bytesReserved: bigint('bytes_reserved', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('storage_usage_non_negative', sql`${t.bytesUsed} >= 0 and ${t.bytesReserved} >= 0`)],
);

/**
 * Folders of an NGO's files. A folder in the trash (deleted_at set) hides everything under it without
 * touching those rows, so restoring it brings the whole tree back as it was; the purge removes the
 * tree. Names are unique among the live items of one parent (files included: the service checks
 * across both tables under one lock per parent, server/routes/files/files.service.ts).
 */
export const folders = pgTable(
  'folders',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    // Null: at the NGO's root.
    parentId: text('parent_id').references((): AnyPgColumn => folders.id),
    name: text('name').notNull(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('folders_live_name_idx')
      .on(t.ngoId, sql`coalesce(${t.parentId}, '')`, t.name)
      .where(sql`${t.deletedAt} is null`),
    // Serves a folder's listing in its order by name (a page reads only its own entries), the root's
    // (parent null, then the NGO) and the parent key's checks. Not partial, so those checks use it too,
    // and so it is the one index a listing can take whatever the statistics say.
    index('folders_parent_name_idx').on(t.parentId, t.ngoId, sql`lower(${t.name})`, t.name, t.id),
    index('folders_trash_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

/**
 * One row per stored file; its bytes are the storage adapter's under `storage_key`
 * (services/storage). The content type is sniffed from the bytes at upload, never taken from the
 * client; the checksum is the SHA-256 of the bytes, hex, and doubles as the download's ETag.
 */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    // Null: at the NGO's root. No cascade: a purge deletes the files first and frees their bytes.
    folderId: text('folder_id').references(() => folders.id),
    name: text('name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('files_live_name_idx')
      .on(t.ngoId, sql`coalesce(${t.folderId}, '')`, t.name)
      .where(sql`${t.deletedAt} is null`),
    // A folder's files in listing order by name (the first page of 5,000 reads 26 entries) and the
    // folder key's checks; not partial, as folders_parent_name_idx.
    index('files_folder_name_idx').on(t.folderId, t.ngoId, sql`lower(${t.name})`, t.name, t.id),
    index('files_trash_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    check('files_size_non_negative', sql`${t.sizeBytes} >= 0`),
  ],
);
