import type { CampaignRecipient } from '@contract/campaigns';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { fetchListingPage, type ListingPage } from '@/lib/listing/paged-query';
import type { RecipientFilter } from '../campaigns-search';
import { campaignPath, campaignsQueryKeys } from './query-keys';

export const RECIPIENTS_PAGE_SIZE = 50;
/** While a campaign sends, the loaded pages of its recipients are asked again this often. */
export const RECIPIENTS_LIVE_REFRESH_MS = 10_000;

/**
 * GET /api/campaigns/{id}/recipients for one filter, page by page (Next-Cursor). Not persisted: the
 * report's counts are what an admin reads offline; the people are a long list that changes while
 * it sends. Trusted, not parsed.
 */
export const campaignRecipientsQueryOptions = (
  campaignId: string,
  filter: RecipientFilter,
  { live = false }: { live?: boolean } = {},
) =>
  infiniteQueryOptions({
    queryKey: campaignsQueryKeys.recipientList(campaignId, filter),
    queryFn: ({ pageParam, signal, queryKey }) =>
      fetchListingPage<CampaignRecipient>(`${campaignPath(campaignId)}/recipients`, {
        queryKey,
        query: { ...filter },
        cursor: pageParam || undefined,
        limit: RECIPIENTS_PAGE_SIZE,
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last: ListingPage<CampaignRecipient>) => last.nextCursor,
    // Each refresh asks every loaded page again, so less often than the report's 2 s.
    refetchInterval: live ? RECIPIENTS_LIVE_REFRESH_MS : false,
  });
