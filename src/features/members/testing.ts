import type { Invite, InviteLookup, Member, MemberSeats } from '@contract/members';

/** A member for the feature's tests: an active staff member unless told otherwise. */
export const memberOf = (over: Partial<Member>): Member => ({
  id: 'm1',
  name: 'Eric Staff',
  email: 'eric@example.org',
  role: 'STAFF',
  status: 'active',
  lastSeenAt: '2026-03-01T10:00:00.000Z',
  createdAt: '2026-01-01T10:00:00.000Z',
  ...over,
});

/** A pending invitation sent a day ago, expiring in six days, unless told otherwise. */
export const inviteOf = (over: Partial<Invite>): Invite => ({
  id: 'i1',
  email: 'new@example.org',
  role: 'VOLUNTEER',
  status: 'pending',
  invitedBy: 'Nadia Uwase',
  createdAt: new Date(Date.now() - 86_400_000).toISOString(),
  expiresAt: new Date(Date.now() + 6 * 86_400_000).toISOString(),
  sentAt: new Date(Date.now() - 86_400_000).toISOString(),
  ...over,
});

export const seatsOf = (over: Partial<MemberSeats> = {}): MemberSeats => ({
  limit: 5,
  active: 2,
  pendingInvites: 0,
  planName: 'Starter',
  ...over,
});

export const lookupOf = (over: Partial<InviteLookup> = {}): InviteLookup => ({
  ngoName: 'Hope Bridge Foundation',
  email: 'grace@example.org',
  role: 'VOLUNTEER',
  accountExists: false,
  ...over,
});
