import type { GrantDetail } from '@contract/grants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { grantsQueryKeys } from './get-grants';

export function getGrant(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api<GrantDetail>(`/grants/${encodeURIComponent(id)}`, { signal });
}

export const getGrantQueryOptions = (id: string) =>
  queryOptions({
    queryKey: grantsQueryKeys.detail(id),
    queryFn: ({ signal }) => getGrant(id, { signal }),
  });

export function useGrant(id: string) {
  return useQuery(getGrantQueryOptions(id));
}
