import type { CauseDetail } from '@contract/causes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { causesQueryKeys } from './query-keys';

export async function getCause(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<CauseDetail> {
  const answer = await api<unknown>(`/causes/${encodeURIComponent(id)}`, { signal });
  // The schema (and zod with it) loads with the answer, not with the route tree every page loads (ADR 0006).
  const { causeDetail } = await import('@contract/causes');
  return causeDetail.parse(answer);
}

export const getCauseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: causesQueryKeys.detail(id),
    queryFn: ({ signal }) => getCause(id, { signal }),
  });

export function useCause(id: string) {
  return useQuery(getCauseQueryOptions(id));
}
