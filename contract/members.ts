import { z } from 'zod';
import { emailSchema, signInBody, signUpBody, tokenBody } from './auth';
import { pageQuery } from './paging';
import { normalizeRole, type Role } from './roles';
import { opaqueId, text } from './storable';

/*
 * Staff management (issue 15): an NGO's members, their roles and status, and invitations by email.
 * The rules both sides need live here: which roles a member may give, and what counts toward the
 * plan's member limit.
 */

/** Roles an NGO gives its members. SUPER_ADMIN is the platform's own and is never given here. */
export const memberRoles = ['ADMIN', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER'] as const;
export type MemberRole = (typeof memberRoles)[number];

/** What each role reads on the staff screen. */
export const memberRoleLabels: Record<MemberRole, string> = {
  ADMIN: 'Admin',
  NGO_ADMIN: 'NGO admin',
  STAFF: 'Staff',
  VOLUNTEER: 'Volunteer',
  ANALYST: 'Analyst',
  VIEWER: 'Viewer',
};

/**
 * A role's rank: a member may give (and change) only roles at or below their own. Volunteers, analysts
 * and viewers share a rank: none is above another.
 */
const rank: Record<Role, number> = {
  SUPER_ADMIN: 5,
  ADMIN: 4,
  NGO_ADMIN: 3,
  STAFF: 2,
  VOLUNTEER: 1,
  ANALYST: 1,
  VIEWER: 1,
};

export function roleRank(role: string | null | undefined): number {
  return rank[normalizeRole(role) as Role] ?? 0;
}

/** The roles `changer` may give: those at or below their own rank, never SUPER_ADMIN. */
export function assignableRoles(changer: string | null | undefined): MemberRole[] {
  const own = roleRank(changer);
  return memberRoles.filter((r) => rank[r] <= own);
}

/** Whether `changer` may change (role, status) a member whose role is `target`: not one above them. */
export function mayManageMember(changer: string | null | undefined, target: string | null | undefined) {
  return roleRank(target) <= roleRank(changer);
}

/** The roles that keep an NGO administered: the last active one can be neither demoted nor deactivated. */
export const adminRoles: readonly MemberRole[] = ['ADMIN', 'NGO_ADMIN'];
export const isAdminRole = (role: string | null | undefined) =>
  (adminRoles as readonly string[]).includes(normalizeRole(role));

export const memberStatuses = ['active', 'deactivated'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** Invitations expire after a week; a resend gives a new link and a new week. */
export const INVITE_TTL_DAYS = 7;

/** The page an invitation's emailed link opens: `${origin}${ACCEPT_INVITE_PATH}?token=<token>`. */
export const ACCEPT_INVITE_PATH = '/accept-invite';

/** The `code` of the staff endpoints' refusals the screens act on (the message says the rest). */
export const memberErrorCodes = {
  /** 409: the plan's member limit is reached; the message names the plan and its limit. */
  memberLimitReached: 'member_limit_reached',
  /** 409: the change (or a move to another NGO) would leave an NGO without an active admin. */
  lastAdmin: 'last_admin',
  /** 409: the address is already an active member of this NGO. */
  alreadyMember: 'already_member',
  /** 404: an invitation link unknown, used, revoked or expired (one answer for all four). */
  inviteInvalid: 'invite_invalid',
  /** 403: a role above the caller's own (assignableRoles). */
  roleNotAssignable: 'role_not_assignable',
  /** 403: the member is ranked above the caller (mayManageMember). */
  memberAboveYou: 'member_above_you',
  /** 409: nobody deactivates their own account. */
  cannotDeactivateSelf: 'cannot_deactivate_self',
  /** 403 at sign-in, 401 on any request: the account is deactivated. */
  accountDeactivated: 'account_deactivated',
} as const;

/**
 * The plan's member limit counts active members and pending invitations (unaccepted, unrevoked,
 * unexpired), so the invitations sent can never add up past it; deactivated members free their seat.
 */
export const seatsUsed = (active: number, pendingInvites: number) => active + pendingInvites;

const roleSchema = z.enum(memberRoles, { error: 'Choose a role from the list.' });

/** GET /api/members: one member. */
export const member = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.enum(memberStatuses),
  /** ISO 8601 (UTC): the last request the member's session made; null before the first sign-in. */
  lastSeenAt: z.string().nullable(),
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
});
export type Member = z.infer<typeof member>;

/** GET /api/members query: paged by name, with search and filters. */
export const memberListQuery = pageQuery.extend({
  q: text('Search').max(200, 'Search must be at most 200 characters.').optional(),
  role: z.enum(memberRoles, { error: 'Choose a role from the list.' }).optional(),
  status: z.enum(memberStatuses, { error: 'Status must be active or deactivated.' }).optional(),
});
export type MemberListQuery = z.infer<typeof memberListQuery>;

/** PATCH /api/members/{memberId}: a role, a status, or both. */
export const memberChange = z
  .object({
    role: roleSchema.optional(),
    status: z.enum(memberStatuses, { error: 'Status must be active or deactivated.' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.status !== undefined, {
    message: 'Send a role, a status, or both.',
    path: ['role'],
  });
export type MemberChange = z.infer<typeof memberChange>;

/** POST /api/invites */
export const inviteCreate = z.object({ email: emailSchema, role: roleSchema });
export type InviteCreate = z.infer<typeof inviteCreate>;

export const inviteStatuses = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InviteStatus = (typeof inviteStatuses)[number];

/** GET /api/invites: one invitation. */
export const invite = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.enum(inviteStatuses),
  /** The inviter's name (of the last send); null once their account is gone. */
  invitedBy: z.string().nullable(),
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
  /** ISO 8601 (UTC): when the current link stops working. */
  expiresAt: z.string(),
  /** ISO 8601 (UTC): the last time the link was mailed. */
  sentAt: z.string(),
});
export type Invite = z.infer<typeof invite>;

/** GET /api/members/seats: the plan's member limit and what holds it. */
export const memberSeats = z.object({
  limit: z.number().int(),
  active: z.number().int(),
  pendingInvites: z.number().int(),
  planName: z.string(),
});
export type MemberSeats = z.infer<typeof memberSeats>;

/** GET /api/invites/lookup/{token} (public): what the invite page shows before it is accepted. */
export const inviteLookup = z.object({
  ngoName: z.string(),
  email: z.string(),
  role: z.string(),
  /** The email already has an account: the page asks for its password to join with it. */
  accountExists: z.boolean(),
});
export type InviteLookup = z.infer<typeof inviteLookup>;

/**
 * POST /api/invites/accept (public): the token from the link, and either a name and a new password
 * (no account yet) or the existing account's password (joining with it).
 *
 * The password is checked here as sign-in checks it (present, at most 128 characters): an existing
 * account's password is only compared, so a wrong one is the sign-in's 401, never a rule about new
 * passwords. A new account's password must also pass sign-up's rule (contract/auth.ts passwordSchema);
 * the server answers a 400 naming `password` when it does not, and `name` when it is missing.
 */
export const inviteAccept = tokenBody.extend({
  name: signUpBody.shape.name.optional(),
  password: signInBody.shape.password,
});
export type InviteAccept = z.infer<typeof inviteAccept>;

export const memberIdParams = z.object({ memberId: opaqueId('Member id') });
export const inviteIdParams = z.object({ inviteId: opaqueId('Invitation id') });
/** GET /api/invites/lookup/{token}: the token of the link, checked as the accept body checks it. */
export const inviteTokenParams = z.object({ token: tokenBody.shape.token });
