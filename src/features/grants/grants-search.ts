import type { GrantFilter, GrantSortField, SortOrder } from '@contract/grants';
import { dayParam, enumParam, searchParamsReader, textParam } from '@/lib/listing/search-params-reader';

/*
 * The grants listing's filter as URL search params (/public-grants, /grants), so a filtered list is
 * a shareable link. Read by hand (lib/listing/search-params-reader), so no schema library loads
 * with the prerendered page. Anything unusable in a hand-edited or old link is dropped rather than
 * failing the page.
 */

const grantSortFields = [
  'postDate',
  'deadlineDate',
  'title',
  'grantSize',
] as const satisfies readonly GrantSortField[];
const sortOrders = ['asc', 'desc'] as const satisfies readonly SortOrder[];

/** Its output is the listing's one filter type, GrantFilter. */
export const grantsSearchSchema = searchParamsReader<GrantFilter>({
  country: textParam(),
  areaOfInterest: textParam(),
  category: textParam(),
  publishedFrom: dayParam(),
  publishedTo: dayParam(),
  search: textParam(),
  sortBy: enumParam(grantSortFields),
  sortOrder: enumParam(sortOrders),
});
