import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { campaignsQueryKeys } from './query-keys';

/** What the organisations picker needs of an organisation. */
export interface NgoOption {
  id: string;
  name: string;
}

/**
 * GET /api/ngos: every organisation, for SUPER_ADMIN's choice of whose members receive a campaign
 * (`tenants:cross`). Assumed to answer an array of at least { id, name }; until it does, the picker
 * says so and the campaign goes to every organisation's members (no NGO named). Trusted, not parsed.
 */
export const ngosQueryOptions = () =>
  queryOptions({
    queryKey: campaignsQueryKeys.ngos(),
    queryFn: ({ signal }) => api<NgoOption[]>('/ngos', { signal }),
    staleTime: 5 * 60_000,
    select: (ngos) =>
      (Array.isArray(ngos) ? ngos : [])
        .filter((n) => n && typeof n.id === 'string' && typeof n.name === 'string')
        .map(({ id, name }) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
  });

export const useNgoOptions = (enabled: boolean) => useQuery({ ...ngosQueryOptions(), enabled });
