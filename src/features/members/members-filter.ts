import type { SortOrder } from '@contract/content-common';
import type { InviteStatus, Member, MemberRole, MemberStatus } from '@contract/members';
import { enumParam, searchParamsReader, textParam } from '@/lib/listing/search-params-reader';

/*
 * The staff screen's URL: the open tab and the members' filters (a filtered list is a shareable
 * link), read by hand like the other listings' params: no schema library on the route (ADR 0006).
 * The lists of values are contract/members.ts's, typed from it: a value import would put zod on it.
 */

// Every role the contract gives, each once: a Record fails to compile when the contract gains one.
const roleSet: Record<MemberRole, true> = {
  ADMIN: true,
  NGO_ADMIN: true,
  STAFF: true,
  VOLUNTEER: true,
  ANALYST: true,
  VIEWER: true,
};
/** contract/members.ts's memberRoles, in its order (highest first). */
export const MEMBER_ROLES = Object.keys(roleSet) as MemberRole[];

export const MEMBER_STATUSES = ['active', 'deactivated'] as const satisfies readonly MemberStatus[];

export const memberStatusLabel: Record<MemberStatus, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
};

export const inviteStatusLabel: Record<InviteStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  revoked: 'Revoked',
  expired: 'Expired',
};

export const STAFF_TABS = ['members', 'invitations'] as const;
export type StaffTab = (typeof STAFF_TABS)[number];

/** GET /api/members's filters (contract memberListQuery) as the listing machinery holds them. */
export type MemberFilter = {
  q?: string;
  role?: MemberRole;
  status?: MemberStatus;
  /** The API answers members by name; there is no other order to choose. */
  sortBy?: 'name';
  sortOrder?: SortOrder;
};

export interface StaffSearch {
  tab?: StaffTab;
  q?: string;
  role?: MemberRole;
  status?: MemberStatus;
}

export const staffSearch = searchParamsReader<StaffSearch>({
  tab: enumParam(STAFF_TABS),
  // contract memberListQuery: at most 200 characters.
  q: textParam(200),
  role: enumParam(MEMBER_ROLES),
  status: enumParam(MEMBER_STATUSES),
});

/** The members' filter part of the URL (the tab is not a filter). */
export const memberFilterOf = ({ q, role, status }: StaffSearch): MemberFilter => ({
  ...(q && { q }),
  ...(role && { role }),
  ...(status && { status }),
});

export const isFiltered = (filter: MemberFilter) => Boolean(filter.q || filter.role || filter.status);

const folded = (value: string) => value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The loaded members the draft filter keeps while the server is asked (and, offline, what a saved
 * list shows): the search among names and emails, ignoring case and accents; role and status exactly.
 */
export const memberMatcher = (filter: MemberFilter) => {
  const q = folded(filter.q?.trim() ?? '');
  return (member: Member) =>
    (!q || folded(member.name).includes(q) || folded(member.email).includes(q)) &&
    (!filter.role || member.role === filter.role) &&
    (!filter.status || member.status === filter.status);
};

let collator: Intl.Collator | undefined;

/** The API's order: by name, then id, so two members of one name keep their places. */
export const compareMembers = (sortOrder: SortOrder) => (a: Member, b: Member) =>
  (sortOrder === 'desc' ? -1 : 1) *
  ((collator ??= new Intl.Collator(undefined, { sensitivity: 'base' })).compare(a.name, b.name) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
