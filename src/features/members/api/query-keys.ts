import { pagedListingsKey } from '@/lib/listing/paged-query';

/**
 * Who joined, who was invited and how many seats are left change under an admin's eyes (a person
 * accepting, another admin): the staff screen asks again whenever it or a tab is opened, and on
 * focus, rather than after the listings' 5 minutes. Its lists are a page or two.
 */
export const STAFF_STALE_MS = 0;

/**
 * The staff screen's query keys: ['members', kind, …] (offline.ts persists the lists). The members'
 * pages are the listing machinery's ['members', 'pages', filter] (members-listing-definition.ts).
 */
export const membersQueryKeys = {
  all: ['members'] as const,
  /** Every page of every filtered list of members. */
  pages: () => pagedListingsKey('members'),
  seats: () => ['members', 'seats'] as const,
  invites: () => ['members', 'invites'] as const,
  /**
   * What an invitation link names, for the public invite page. Not persisted (offline.ts): the token
   * is a credential, and the answer changes once the link is used.
   */
  lookup: (token: string) => ['members', 'invite-lookup', token] as const,
};
