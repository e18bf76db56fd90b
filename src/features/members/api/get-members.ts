import { pagedListingOptions } from '@/lib/listing/paged-query';
import { membersListing } from '../members-listing-definition';
import type { MemberFilter } from '../members-filter';

/**
 * GET /api/members for one filter, page by page (Next-Cursor), by name. The screen reads it through
 * usePagedListing; the route warms it with `queryClient.infiniteQuery`. Answers are trusted, not
 * parsed: type-only contract imports keep zod off the route (ADR 0006).
 */
export const membersQueryOptions = (filter: MemberFilter = {}) => pagedListingOptions(membersListing, filter);
