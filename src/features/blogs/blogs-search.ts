import type { BlogFilter, BlogSortField, SortOrder } from '@contract/blogs';
import { dayParam, enumParam, searchParamsReader, textParam } from '@/lib/listing/search-params-reader';

/*
 * The public blogs listing's filter as URL search params (/public-blogs), so a filtered list is a
 * shareable link. Read by hand (lib/listing/search-params-reader), so no schema library loads with
 * the prerendered page; anything unusable in a hand-edited or old link is dropped rather than
 * failing the page.
 */

const blogSortFields = ['postDate', 'title', 'createdAt'] as const satisfies readonly BlogSortField[];
const sortOrders = ['asc', 'desc'] as const satisfies readonly SortOrder[];

/** Its output is the listing's one filter type, BlogFilter. */
export const blogsSearchSchema = searchParamsReader<BlogFilter>({
  category: textParam(),
  publishedFrom: dayParam(),
  publishedTo: dayParam(),
  search: textParam(),
  sortBy: enumParam(blogSortFields),
  sortOrder: enumParam(sortOrders),
});
