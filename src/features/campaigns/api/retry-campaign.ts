import type { CampaignReport } from '@contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { putReport } from '../campaign-cache';
import { campaignPath, campaignsQueryKeys } from './query-keys';

/**
 * POST /api/campaigns/{id}/retry: the failed recipients are queued again (bounced ones are not: the
 * provider refused the address for good). 409 `campaign_nothing_to_retry` when none failed.
 */
export const retryCampaign = (campaignId: string) =>
  api<CampaignReport>(`${campaignPath(campaignId)}/retry`, { method: 'POST' });

export function useRetryCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryCampaign,
    networkMode: 'always',
    onSuccess: (report) => putReport(queryClient, report),
    onSettled: (_report, _error, campaignId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.detail(campaignId) }),
        queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.recipients(campaignId) }),
        queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.lists() }),
      ]),
  });
}
