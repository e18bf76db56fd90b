import type { CampaignReport } from '@contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { putReport } from '../campaign-cache';
import { campaignPath, campaignsQueryKeys } from './query-keys';

/**
 * POST /api/campaigns/{id}/cancel: a scheduled campaign is called off before it starts. 409
 * `campaign_not_scheduled` once it has started (or was cancelled from another device).
 */
export const cancelCampaign = (campaignId: string) =>
  api<CampaignReport>(`${campaignPath(campaignId)}/cancel`, { method: 'POST' });

export function useCancelCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCampaign,
    networkMode: 'always',
    onSuccess: (report) => putReport(queryClient, report),
    onSettled: (_report, _error, campaignId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.detail(campaignId) }),
        queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.lists() }),
      ]),
  });
}
