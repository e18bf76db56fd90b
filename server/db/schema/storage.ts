import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ngos } from './ngos';

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
