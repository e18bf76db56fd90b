import type { GrantFilter } from '@contract/grants';
import { pagedListingOptions, pagedListingsKey } from '@/lib/listing/paged-query';
import { grantsListing } from '../grants-listing-definition';

export const grantsQueryKeys = {
  all: ['grants'] as const,
  /** Whole-array lists (GET /api/grants without paging); no screen reads them now. */
  lists: () => [...grantsQueryKeys.all, 'list'] as const,
  /** Every paged list ['grants', 'pages', filter], whatever its filter. */
  pages: () => pagedListingsKey(grantsListing.resource),
  details: () => [...grantsQueryKeys.all, 'detail'] as const,
  detail: (id: string) => [...grantsQueryKeys.details(), id] as const,
};

/**
 * GET /api/grants for one filter, page by page as the user scrolls (an infinite query; the listing
 * screen reads it through usePagedListing). Routes warm it with `queryClient.infiniteQuery`.
 */
export const getGrantsQueryOptions = (filter: GrantFilter = {}) => pagedListingOptions(grantsListing, filter);
