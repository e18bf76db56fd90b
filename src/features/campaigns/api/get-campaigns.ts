import { pagedListingOptions } from '@/lib/listing/paged-query';
import { campaignsListing } from '../campaigns-listing-definition';
import type { CampaignFilter } from '../campaigns-search';

/**
 * GET /api/campaigns for one filter, page by page (Next-Cursor), newest first. The screen reads it
 * through usePagedListing; the route warms it. Answers are trusted, not parsed: type-only contract
 * imports keep zod off the route (ADR 0006).
 */
export const campaignsQueryOptions = (filter: CampaignFilter = {}) =>
  pagedListingOptions(campaignsListing, filter);
