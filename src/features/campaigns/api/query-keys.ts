import type { AudienceQuery } from '@contract/campaigns';
import { pagedListingsKey } from '@/lib/listing/paged-query';
import type { RecipientFilter } from '../campaigns-search';

/**
 * Send Notification's query keys: ['campaigns', kind, …]. offline.ts persists the pages of the lists
 * (['campaigns', 'pages', filter], lib/listing) and the reports opened (['campaigns', 'detail', id]).
 */
export const campaignsQueryKeys = {
  all: ['campaigns'] as const,
  lists: () => pagedListingsKey('campaigns'),
  detail: (campaignId: string) => ['campaigns', 'detail', campaignId] as const,
  /** Every recipients list of one campaign, whatever its filter: for refreshing after a retry. */
  recipients: (campaignId: string) => ['campaigns', 'recipients', campaignId] as const,
  recipientList: (campaignId: string, filter: RecipientFilter) =>
    ['campaigns', 'recipients', campaignId, filter] as const,
  audience: (query: AudienceQuery) => ['campaigns', 'audience', query] as const,
  /** The organisations SUPER_ADMIN may choose from. */
  ngos: () => ['campaigns', 'ngos'] as const,
};

export const campaignPath = (campaignId: string) => `/campaigns/${encodeURIComponent(campaignId)}`;
