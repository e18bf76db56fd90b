import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ngos } from './ngos';
import { users } from './users';

/**
 * The audit trail of admin actions (ADR 0042): one table for every system, each entry written in the
 * transaction of the change it records (services/audit.ts recordAudit), so it commits or rolls back
 * with it. The actor's name is a snapshot, so the trail still reads once the account is gone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    /** Null for the system (a scheduled sweep), or once the account is deleted. */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name when the entry was written; null for the system. */
    actorName: text('actor_name'),
    /** One of contract/audit.ts auditActions, e.g. 'member.role_changed'. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What changed: before/after, an address, a reason. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // GET /api/audit's order, `created_at desc, id desc` within one NGO (nulls first, as a plain desc
    // sorts), so a page reads its entries off the index however long the trail grows.
    index('audit_log_ngo_created_idx').on(t.ngoId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
