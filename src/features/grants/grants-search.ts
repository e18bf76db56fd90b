import type { GrantSortField, SortOrder } from '@contract/grants';
import * as z from 'zod/mini';
import { daySearchParam, enumSearchParam, textSearchParam } from '@/lib/listing-search-params';
import type { GrantsFilters } from './api/get-grants';

/*
 * The grants listing's filters as URL search params (/public-grants, /grants), so a filtered list is
 * a shareable link. zod/mini keeps the validator small on the prerendered public page. Anything
 * unusable in a hand-edited or old link is dropped rather than failing the page.
 */

export const grantSortFields = [
  'postDate',
  'deadlineDate',
  'title',
  'grantSize',
] as const satisfies readonly GrantSortField[];
export const sortOrders = ['asc', 'desc'] as const satisfies readonly SortOrder[];

/** SPEC §9: the default listing sort. */
export const DEFAULT_GRANT_SORT = { sortBy: 'postDate', sortOrder: 'desc' } as const;

export const grantsSearchSchema = z.object({
  country: textSearchParam(),
  areaOfInterest: textSearchParam(),
  category: textSearchParam(),
  publishedFrom: daySearchParam(),
  publishedTo: daySearchParam(),
  search: textSearchParam(),
  sortBy: enumSearchParam(grantSortFields),
  sortOrder: enumSearchParam(sortOrders),
});

export type GrantsSearch = z.output<typeof grantsSearchSchema>;

/**
 * The search params for a set of filters: blanks left out and the default sort too, so the plain
 * listing is the bare path (the prerendered page) and a link carries only what was chosen.
 */
export function grantsSearchParams(filters: GrantsFilters): GrantsSearch {
  const out: GrantsSearch = {};
  for (const name of [
    'country',
    'areaOfInterest',
    'category',
    'publishedFrom',
    'publishedTo',
    'search',
  ] as const) {
    const value = filters[name]?.trim();
    if (value) out[name] = value;
  }
  const sortBy = filters.sortBy ?? DEFAULT_GRANT_SORT.sortBy;
  const sortOrder = filters.sortOrder ?? DEFAULT_GRANT_SORT.sortOrder;
  if (sortBy !== DEFAULT_GRANT_SORT.sortBy) out.sortBy = sortBy;
  if (sortOrder !== DEFAULT_GRANT_SORT.sortOrder) out.sortOrder = sortOrder;
  return out;
}
