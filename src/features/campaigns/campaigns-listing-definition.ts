import type { Campaign } from '@contract/campaigns';
import { defineListing } from '@/lib/listing/listing-definition';
import type { CampaignFilter } from './campaigns-search';

/** The API's order: created_at desc, id desc. */
const compareCampaigns = (sortOrder: 'asc' | 'desc') => (a: Campaign, b: Campaign) => {
  const sign = sortOrder === 'asc' ? 1 : -1;
  if (a.createdAt !== b.createdAt) return sign * (a.createdAt < b.createdAt ? -1 : 1);
  return sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
};

/**
 * The campaigns a caller sees (GET /api/campaigns) for the shared listing machinery: pages, newest
 * first, and offline a filtered list worked out from the saved whole one. Which campaigns is the
 * server's to say: the caller's NGO's, every NGO's for SUPER_ADMIN.
 */
export const campaignsListing = defineListing<Campaign, CampaignFilter>({
  resource: 'campaigns',
  path: '/campaigns',
  fields: ['status'],
  defaultSort: { sortBy: 'createdAt', sortOrder: 'desc' },
  pageSize: 25,
  matcher: (filter) => (c) => !filter.status || c.status === filter.status,
  compare: ({ sortOrder }) => compareCampaigns(sortOrder),
});
