import { pagedListingOptions } from '@/lib/listing/paged-query';
import type { DocumentFilter } from '../documents-filter';
import { documentsListing } from '../documents-listing-definition';

/**
 * GET /api/documents for one filter, page by page (Next-Cursor), newest first. Read through
 * usePagedListing; the route warms it with `queryClient.infiniteQuery`. Trusted, not parsed: type-only
 * contract imports keep zod off the route (ADR 0006).
 */
export const documentsQueryOptions = (filter: DocumentFilter = {}) =>
  pagedListingOptions(documentsListing, filter);
