import { causeDetail, type CauseDetail } from '@contract/causes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { causesQueryKeys } from './query-keys';

export async function getCause(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<CauseDetail> {
  return causeDetail.parse(await api<unknown>(`/causes/${encodeURIComponent(id)}`, { signal }));
}

export const getCauseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: causesQueryKeys.detail(id),
    queryFn: ({ signal }) => getCause(id, { signal }),
  });

export function useCause(id: string) {
  return useQuery(getCauseQueryOptions(id));
}
