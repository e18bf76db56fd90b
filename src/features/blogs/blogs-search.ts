import type { BlogFilter, BlogSortField, SortOrder } from '@contract/blogs';
import * as z from 'zod/mini';
import { daySearchParam, enumSearchParam, textSearchParam } from '@/lib/listing/search-param-schemas';

/*
 * The public blogs listing's filter as URL search params (/public-blogs), so a filtered list is a
 * shareable link. zod/mini keeps the validator small on the prerendered page; anything unusable in
 * a hand-edited or old link is dropped rather than failing the page.
 */

const blogSortFields = ['postDate', 'title', 'createdAt'] as const satisfies readonly BlogSortField[];
const sortOrders = ['asc', 'desc'] as const satisfies readonly SortOrder[];

/** Its output is the listing's one filter type, BlogFilter. */
export const blogsSearchSchema = z.object({
  category: textSearchParam(),
  publishedFrom: daySearchParam(),
  publishedTo: daySearchParam(),
  search: textSearchParam(),
  sortBy: enumSearchParam(blogSortFields),
  sortOrder: enumSearchParam(sortOrders),
}) satisfies z.ZodMiniType<BlogFilter>;
