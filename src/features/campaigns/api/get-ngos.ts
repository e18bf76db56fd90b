import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { campaignsQueryKeys } from './query-keys';

/** What the organisations picker needs of an organisation. */
export interface NgoOption {
  id: string;
  name: string;
}

/**
 * GET /api/campaigns/organisations: every organisation, for SUPER_ADMIN's choice of whose members
 * receive a campaign (`tenants:cross`). If it cannot be loaded, the picker says so and the campaign
 * goes to every organisation's members (no NGO named).
 */
export const ngosQueryOptions = () =>
  queryOptions({
    queryKey: campaignsQueryKeys.ngos(),
    queryFn: ({ signal }) => api<NgoOption[]>('/campaigns/organisations', { signal }),
    staleTime: 5 * 60_000,
    select: (ngos) =>
      (Array.isArray(ngos) ? ngos : [])
        .filter((n) => n && typeof n.id === 'string' && typeof n.name === 'string')
        .map(({ id, name }) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
  });

export const useNgoOptions = (enabled: boolean) => useQuery({ ...ngosQueryOptions(), enabled });
