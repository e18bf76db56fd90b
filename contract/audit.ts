import { z } from 'zod';
import { pageQuery } from './paging';
import { opaqueId } from './storable';

/*
 * The audit trail of admin actions (ADR 0042): who did what to which record of an NGO, and when. Each
 * system adds its actions here, so recording an action nobody listed (a typo) is a type error.
 */

/** Every action the trail records, as `<target>.<what happened>`. */
export const auditActions = [
  'member.role_changed',
  'member.deactivated',
  'member.reactivated',
  'invite.sent',
  'invite.resent',
  'invite.revoked',
  'invite.accepted',
  'member.moved_in',
  'file.trashed_unclaimed',
  'activity.approved',
  'activity.declined',
  'activity.hours_edited',
  'document.issued',
  'document.revoked',
  'document.settings_changed',
  'ticket.status_changed',
  'ticket.priority_changed',
  'ticket.assigned',
  'campaign.created',
  'campaign.cancelled',
  'campaign.failures_retried',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What an entry's target is. */
export const auditTargetTypes = [
  'member',
  'invite',
  'file',
  'activity_report',
  'document',
  'document_settings',
  'ticket',
  'campaign',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** One entry, as GET /api/audit answers it. */
export const auditEntry = z.object({
  id: z.string(),
  /** The member who acted; null for the system (a scheduled sweep) or once their account is gone. */
  actorId: z.string().nullable(),
  /** The actor's name when they acted; null for the system. */
  actorName: z.string().nullable(),
  action: z.enum(auditActions),
  targetType: z.enum(auditTargetTypes),
  targetId: z.string(),
  /** What changed: before and after, an address and role, a reason. */
  details: z.record(z.string(), z.unknown()),
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** GET /api/audit query: newest first, paged, optionally one action or one actor's entries. */
export const auditListQuery = pageQuery.extend({
  action: z.enum(auditActions, { error: 'Choose an action from the list.' }).optional(),
  actorId: opaqueId('Actor id').optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
