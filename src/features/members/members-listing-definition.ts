import type { Member } from '@contract/members';
import { defineListing } from '@/lib/listing/listing-definition';
import { compareMembers, memberMatcher, type MemberFilter } from './members-filter';

/**
 * The NGO's members (/staff-management) for the shared listing machinery (src/lib/listing): pages of
 * GET /api/members by name, narrowed as the search is typed, and answered offline from a saved list.
 * A plan holds at most 100 members, so two pages hold all of them.
 */
export const membersListing = defineListing<Member, MemberFilter>({
  resource: 'members',
  path: '/members',
  fields: ['q', 'role', 'status'],
  defaultSort: { sortBy: 'name', sortOrder: 'asc' },
  pageSize: 50,
  matcher: memberMatcher,
  compare: ({ sortOrder }) => compareMembers(sortOrder),
});
