import { causeList, type CauseList } from '@contract/causes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const causesQueryKeys = {
  all: ['causes'] as const,
  lists: () => [...causesQueryKeys.all, 'list'] as const,
  detail: (id: string) => [...causesQueryKeys.all, 'detail', id] as const,
  public: (id: string) => [...causesQueryKeys.all, 'public', id] as const,
};

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
