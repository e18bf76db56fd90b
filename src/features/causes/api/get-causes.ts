import type { CauseList } from '@contract/causes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { causesQueryKeys } from './query-keys';

export async function getCauses({ signal }: { signal?: AbortSignal } = {}): Promise<CauseList> {
  const answer = await api<unknown>('/causes', { signal });
  // The schema (and zod with it) loads with the answer, not with the route tree every page loads (ADR 0006).
  const { causeList } = await import('@contract/causes');
  return causeList.parse(answer);
}

export const getCausesQueryOptions = () =>
  queryOptions({
    queryKey: causesQueryKeys.lists(),
    queryFn: ({ signal }) => getCauses({ signal }),
  });

export function useCauses() {
  return useQuery(getCausesQueryOptions());
}
