import { causeList, type CauseList } from '@contract/causes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { causesQueryKeys } from './query-keys';

export async function getCauses({ signal }: { signal?: AbortSignal } = {}): Promise<CauseList> {
  return causeList.parse(await api<unknown>('/causes', { signal }));
}

export const getCausesQueryOptions = () =>
  queryOptions({
    queryKey: causesQueryKeys.lists(),
    queryFn: ({ signal }) => getCauses({ signal }),
  });

export function useCauses() {
  return useQuery(getCausesQueryOptions());
}
