import { pagedListingOptions } from '@/lib/listing/paged-query';
import { ticketsListing } from '../tickets-listing-definition';
import type { TicketFilter } from '../tickets-search';

/**
 * GET /api/tickets for one filter, page by page (Next-Cursor), newest first. The screen reads it
 * through usePagedListing; the route warms it with `queryClient.infiniteQuery`. Answers are trusted,
 * not parsed: type-only contract imports keep zod off the route (ADR 0006).
 */
export const ticketsQueryOptions = (filter: TicketFilter = {}) => pagedListingOptions(ticketsListing, filter);
