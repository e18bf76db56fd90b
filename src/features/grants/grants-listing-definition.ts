import type { GrantFilter, GrantSummary } from '@contract/grants';
import { grantMatcher } from '@contract/listing-match';
import type * as Paging from '@contract/paging';
import { defineListing } from '@/lib/listing/listing-definition';
import { compareGrants } from './grants-order';

/** contract/paging.ts's PAGE_LIMIT_MAX, typed from it: a value import would put zod on the public page. */
const PAGE_LIMIT_MAX: typeof Paging.PAGE_LIMIT_MAX = 100;

/**
 * 'Latest Grants' (/public-grants, /grants) for the shared listing machinery (src/lib/listing).
 * A page holds the most the API gives: a grant summary is small, and on a slow phone network each
 * request's round trip costs more than its bytes.
 */
export const grantsListing = defineListing<GrantSummary, GrantFilter>({
  resource: 'grants',
  path: '/grants',
  fields: ['country', 'areaOfInterest', 'category', 'publishedFrom', 'publishedTo', 'search'],
  // The spec's default listing sort: postDate descending.
  defaultSort: { sortBy: 'postDate', sortOrder: 'desc' },
  pageSize: PAGE_LIMIT_MAX,
  matcher: grantMatcher,
  compare: ({ sortBy, sortOrder }) => compareGrants(sortBy, sortOrder),
});
