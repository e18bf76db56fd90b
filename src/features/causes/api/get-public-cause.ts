import type { PublicCause } from '@contract/causes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { causesQueryKeys } from './query-keys';

/**
 * GET /causes/{causeId}/public, for the embed. Typed, not zod-parsed: the embed is kept light for
 * donors on 2G, and the server builds this answer from the same contract.
 */
export function getPublicCause(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api<PublicCause>(`/causes/${encodeURIComponent(id)}/public`, { signal });
}

export const getPublicCauseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: causesQueryKeys.public(id),
    queryFn: ({ signal }) => getPublicCause(id, { signal }),
  });

export function usePublicCause(id: string) {
  return useQuery(getPublicCauseQueryOptions(id));
}
