import type { Audience, AudienceQuery } from '@contract/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { campaignsQueryKeys } from './query-keys';

/**
 * POST /api/campaigns/audience: how many people a segment holds, how many each channel reaches, and
 * the first few with their merge values for the preview. A read, though a POST (a segment is a
 * body); cached per segment and channels, so going back to an earlier choice answers at once.
 */
export const audienceQueryOptions = (query: AudienceQuery) =>
  queryOptions({
    queryKey: campaignsQueryKeys.audience(query),
    queryFn: ({ signal }) => api<Audience>('/campaigns/audience', { method: 'POST', body: query, signal }),
    staleTime: 60_000,
    // Counts change with the members; not worth a place in memory for long, nor on the device.
    gcTime: 5 * 60_000,
  });

/** The audience of a (debounced) segment; null while the segment is not complete enough to ask. */
export function useAudience(query: AudienceQuery | null) {
  return useQuery({
    ...audienceQueryOptions(query ?? { segment: { kind: 'members', roles: [], ngoIds: [] }, channels: [] }),
    enabled: query !== null,
    // The counts of the previous choice stay on screen (marked as updating) until the new ones come.
    placeholderData: keepPreviousData,
  });
}
