import { sql } from 'drizzle-orm';
import type { AuditAction, AuditTargetType } from '../../contract/audit';
import type { DbExecutor } from '../db';
import { auditLog } from '../db/schema';
import { newId } from './ids';

/** One entry of the audit trail (ADR 0042). */
export interface AuditRecord {
  /** The NGO whose trail it joins: the one the change happened in. */
  ngoId: string;
  /** The member who acted; null for the system (a scheduled sweep). */
  actorId: string | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** What changed: before and after, an address and role, a reason. */
  details?: Record<string, unknown>;
}

/**
 * Writes one entry through the caller's transaction handle, so it commits or rolls back with the
 * change it records: a refused change leaves no entry, and no change goes unrecorded. The actor's name
 * is copied in the same statement, so the trail still reads once their account is gone.
 */
export async function recordAudit(tx: DbExecutor, entry: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    id: newId(),
    ngoId: entry.ngoId,
    actorId: entry.actorId,
    actorName:
      entry.actorId === null ? null : sql`(select u.name from users u where u.id = ${entry.actorId})`,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
  });
}
