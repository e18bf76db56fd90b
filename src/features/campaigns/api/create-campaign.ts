import type { CampaignCreate, CampaignReport } from '@contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { putReport } from '../campaign-cache';
import { campaignsQueryKeys } from './query-keys';

export interface CreateCampaignInput {
  /** The contract's body, as the composer's resolver parsed it (the server checks it again). */
  body: CampaignCreate;
  /** One per campaign being written (lib/idempotency.ts): a double tap or a lost answer sends it once. */
  idempotencyKey: string;
}

/**
 * POST /api/campaigns: resolves the audience and starts the send (or schedules it). 201 answers the
 * report; 400 `campaign_empty_audience` when nobody is in the segment for the channels chosen.
 */
export const createCampaign = ({ body, idempotencyKey }: CreateCampaignInput) =>
  api<CampaignReport>('/campaigns', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** Sends or schedules a campaign; the report is cached for the screen it opens, the lists asked again. */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    // Online only: sending to hundreds of people is not something to queue on a phone for later.
    networkMode: 'always',
    onSuccess: (report) => putReport(queryClient, report),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.lists() }),
  });
}
