import type { MemberRole } from '@contract/members';

/**
 * One line per role for the role pickers, after contract/permissions.ts's map and the menus of
 * config/nav.ts: what someone given the role can do.
 */
export const roleDescriptions: Record<MemberRole, string> = {
  ADMIN: 'Everything an NGO admin does, plus the Admin Tools.',
  NGO_ADMIN: 'Manages members, the plan and payments, and every screen of the organisation.',
  STAFF: 'Runs causes, forms, files and response reviews; reads the member list.',
  VOLUNTEER: 'Fills forms, uploads files and logs their own activity.',
  ANALYST: 'Reads the organisation’s data, forms and responses.',
  VIEWER: 'Reads the organisation’s data without changing it.',
};
