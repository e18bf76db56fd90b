import type { GrantSortField, GrantSummary, SortOrder } from '@contract/grants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getDated } from '@/lib/saved-at';

/** The GET /api/grants filters as the client holds them (SPEC §7); blank ones are left out of the request. */
export interface GrantsFilters {
  country?: string;
  areaOfInterest?: string;
  category?: string;
  publishedFrom?: string;
  publishedTo?: string;
  search?: string;
  sortBy?: GrantSortField;
  sortOrder?: SortOrder;
}

const filterNames = [
  'country',
  'areaOfInterest',
  'category',
  'publishedFrom',
  'publishedTo',
  'search',
  'sortBy',
  'sortOrder',
] as const;

/**
 * Blank filters dropped, text trimmed, the default sort (postDate desc) made explicit: `{}` and
 * `{ country: ' ' }` are one list, so they share one cache entry and one request.
 */
export function normaliseGrantsFilters(filters: GrantsFilters = {}): GrantsFilters {
  const out: GrantsFilters = {};
  for (const name of filterNames) {
    const value = filters[name]?.trim();
    if (value) (out as Record<string, string>)[name] = value;
  }
  out.sortBy ??= 'postDate';
  out.sortOrder ??= 'desc';
  return out;
}

export const grantsQueryKeys = {
  all: ['grants'] as const,
  lists: () => [...grantsQueryKeys.all, 'list'] as const,
  list: (filters: GrantsFilters = {}) =>
    [...grantsQueryKeys.lists(), normaliseGrantsFilters(filters)] as const,
  details: () => [...grantsQueryKeys.all, 'detail'] as const,
  detail: (id: string) => [...grantsQueryKeys.details(), id] as const,
};

export function getGrants(filters: GrantsFilters = {}, { signal }: { signal?: AbortSignal } = {}) {
  // Type-only contract import: the answer is trusted rather than parsed, which keeps zod off the
  // public page's chunk and 10,000 grants off a validation pass.
  return api<GrantSummary[]>('/grants', { query: normaliseGrantsFilters(filters), signal });
}

export const getGrantsQueryOptions = (filters: GrantsFilters = {}) =>
  queryOptions({
    queryKey: grantsQueryKeys.list(filters),
    // Dated: offline, the listing says how old a copy the service worker answered with is.
    queryFn: ({ signal, queryKey }) =>
      getDated<GrantSummary[]>(queryKey, '/grants', { query: normaliseGrantsFilters(filters), signal }),
  });

export function useGrants(filters: GrantsFilters = {}) {
  return useQuery({
    ...getGrantsQueryOptions(filters),
    // A new filter or sort keeps the current cards on screen until its answer arrives, instead of
    // dropping back to skeletons on every Search.
    placeholderData: keepPreviousData,
  });
}
