import type { CampaignReport, CampaignStatus } from '@contract/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { campaignPath, campaignsQueryKeys } from './query-keys';

/** How often an open report asks again while its campaign is on its way. */
export const CAMPAIGN_POLL_MS = 2_000;

/** A campaign whose figures still move: being sent, or waiting for its time (it starts by itself). */
export const isLive = (status: CampaignStatus | undefined) => status === 'sending' || status === 'scheduled';

/** GET /api/campaigns/{id}: the report (counts overall and per channel, opens, the rate). Trusted, not parsed. */
export const getCampaign = (campaignId: string, signal?: AbortSignal) =>
  api<CampaignReport>(campaignPath(campaignId), { signal });

export const campaignQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: campaignsQueryKeys.detail(campaignId),
    queryFn: ({ signal }) => getCampaign(campaignId, signal),
    staleTime: 10_000,
    // Polled while it moves, so the progress bar and the counts follow the send; a finished or
    // cancelled campaign no longer changes, and a refusal (404) is never asked again by itself.
    refetchInterval: (query) => (isLive(query.state.data?.status) ? CAMPAIGN_POLL_MS : false),
  });

export const useCampaign = (campaignId: string) => useQuery(campaignQueryOptions(campaignId));
