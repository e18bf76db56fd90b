import { normalizeRole, type Role } from './roles';

/**
 * The one map from role to actions. The server enforces it on every request; the client reads the
 * same map only to decide which controls to show (a hidden control is a convenience, never a guard).
 */
const permissions = {
  'ngo:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  'ngo:update': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN'],
  'members:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'ANALYST', 'VIEWER'],
  // Staff management (issue 15): invite, change roles and status, and read the invitations. Within
  // it, contract/members.ts ranks who may change whom and which roles each may give.
  'members:manage': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN'],
  'dashboard:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  'tenants:cross': ['SUPER_ADMIN'],
  'grants:manage': ['SUPER_ADMIN'],
  'blogs:manage': ['SUPER_ADMIN'],
  // Separate from blogs:manage: generation spends AI tokens, which may be opened to other roles later.
  'blogs:generate': ['SUPER_ADMIN'],
  // Paying for the NGO's plan is the NGO admin's call alone (ADR 0013).
  'billing:checkout': ['NGO_ADMIN'],
  // The plan and its payment history: the NGO admin, and platform admins supporting them.
  'billing:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN'],
  'causes:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  'causes:write': ['NGO_ADMIN', 'STAFF'],
  'causes:delete': ['NGO_ADMIN'],
  // Cloud Storage is on every role's menu (SPEC §6), so every member reads the NGO's files.
  'files:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  // Upload, make folders, rename and move one's own items. Volunteers upload evidence; analysts and
  // viewers read (contract/files.ts mayChangeItem).
  'files:write': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER'],
  // Trash, restore and purge one's own items: every member, so what someone uploaded in a former role
  // is still theirs to remove (contract/files.ts mayRemoveItem).
  'files:delete-own': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  // Rename, move, trash, restore and purge anyone's items in the NGO.
  'files:manage': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN'],
  // Make a link that lets anyone without an account download a file: whoever may add files (a
  // volunteer sends a partner the report they uploaded), never a reader. Revoking another member's
  // link is files:manage's.
  'files:share': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER'],
  // Data collection (issue 14). Every member sees the NGO's forms (volunteers fill them); staff build
  // drafts; publishing and closing is the admins'.
  'forms:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  'forms:build': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF'],
  'forms:publish': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN'],
  // Every response of the NGO's forms; a volunteer reads only their own (forms.service.ts).
  'responses:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'ANALYST', 'VIEWER'],
  'responses:review': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF'],
  // Volunteer tasks (issue 15, ADR 0043). Every member reads tasks; a volunteer only those assigned to
  // them (tasks.service.ts). Staff and admins create, edit, assign and cancel; a volunteer answers
  // (accept, decline, start, done) on their own assignment only.
  'tasks:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  'tasks:manage': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF'],
  'tasks:respond': ['VOLUNTEER'],
  // Activity reports and approved hours (issue 15, ADR 0044). Volunteers report their own work; every
  // member reads reports and hours, a volunteer only their own (activity-reports.service.ts); staff and
  // admins approve, decline and correct hours. Analysts and viewers read totals and change nothing.
  'activity:submit': ['VOLUNTEER'],
  'activity:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  'activity:review': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF'],
  'hours:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  // Certificates and letters (issue 15, ADR 0045): a volunteer reads and downloads their own; staff
  // and readers see the NGO's; admins issue, revoke, bulk-issue and edit the template.
  'documents:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  'documents:issue': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN'],
  // Team chat (issue 16, ADR 0046): on every role's menu (SPEC §6), so every member reads and writes.
  // Moderators delete anyone's message and manage any channel of their NGO.
  'chat:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  'chat:write': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  'chat:moderate': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN'],
  // Tickets and feedback (issue 16): every member asks (a volunteer too, from a chat message); the
  // NGO's admins work their NGO's tickets and SUPER_ADMIN every NGO's and the platform's (contract/tickets.ts).
  'tickets:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  'tickets:create': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  'tickets:work': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN'],
  // Bulk notifications (issue 16, contract/campaigns.ts): the NGO's admins message their members;
  // SUPER_ADMIN any NGO's and the newsletter's subscribers. In-app notifications are everyone's own.
  'campaigns:send': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN'],
  'notifications:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  // The audit trail of admin actions (ADR 0042): the NGO's admins, and platform admins supporting them.
  'audit:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN'],
} satisfies Record<string, Role[]>;

export type Action = keyof typeof permissions;

export function can(role: string | null | undefined, action: Action): boolean {
  return !!role && (permissions[action] as readonly string[]).includes(normalizeRole(role));
}
