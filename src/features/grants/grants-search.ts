import type { GrantFilter, GrantSortField, SortOrder } from '@contract/grants';
import * as z from 'zod/mini';
import { daySearchParam, enumSearchParam, textSearchParam } from '@/lib/listing/search-param-schemas';

/*
 * The grants listing's filter as URL search params (/public-grants, /grants), so a filtered list is
 * a shareable link. zod/mini keeps the validator small on the prerendered public page. Anything
 * unusable in a hand-edited or old link is dropped rather than failing the page.
 */

const grantSortFields = [
  'postDate',
  'deadlineDate',
  'title',
  'grantSize',
] as const satisfies readonly GrantSortField[];
const sortOrders = ['asc', 'desc'] as const satisfies readonly SortOrder[];

/** Its output is the listing's one filter type, GrantFilter. */
export const grantsSearchSchema = z.object({
  country: textSearchParam(),
  areaOfInterest: textSearchParam(),
  category: textSearchParam(),
  publishedFrom: daySearchParam(),
  publishedTo: daySearchParam(),
  search: textSearchParam(),
  sortBy: enumSearchParam(grantSortFields),
  sortOrder: enumSearchParam(sortOrders),
}) satisfies z.ZodMiniType<GrantFilter>;
