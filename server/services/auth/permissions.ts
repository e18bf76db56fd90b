import type { Role } from '../../contract/roles';

/** Server-side map from role to actions; the client's menus are only a convenience. */
const permissions = {
  'ngo:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'],
  'ngo:update': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN'],
  'members:read': ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'ANALYST', 'VIEWER'],
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
} satisfies Record<string, Role[]>;

export type Action = keyof typeof permissions;

export function can(role: string, action: Action): boolean {
  return (permissions[action] as readonly string[]).includes(role);
}
