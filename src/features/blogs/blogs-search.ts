import type { BlogSortField, SortOrder } from '@contract/blogs';
import * as z from 'zod/mini';
import { daySearchParam, enumSearchParam, textSearchParam } from '@/lib/listing-search-params';
import type { BlogsFilters } from './api/get-blogs';

/*
 * The public blogs listing's filters as URL search params (/public-blogs), so a filtered list is a
 * shareable link. zod/mini keeps the validator small on the prerendered page; anything unusable in
 * a hand-edited or old link is dropped rather than failing the page.
 */

export const blogSortFields = ['postDate', 'title', 'createdAt'] as const satisfies readonly BlogSortField[];
export const sortOrders = ['asc', 'desc'] as const satisfies readonly SortOrder[];

/** SPEC §9: the default listing sort. */
export const DEFAULT_BLOG_SORT = { sortBy: 'postDate', sortOrder: 'desc' } as const;

export const blogsSearchSchema = z.object({
  category: textSearchParam(),
  publishedFrom: daySearchParam(),
  publishedTo: daySearchParam(),
  search: textSearchParam(),
  sortBy: enumSearchParam(blogSortFields),
  sortOrder: enumSearchParam(sortOrders),
});

export type BlogsSearch = z.output<typeof blogsSearchSchema>;

/** The search params for a set of filters: blanks and the default sort left out. */
export function blogsSearchParams(filters: BlogsFilters): BlogsSearch {
  const out: BlogsSearch = {};
  for (const name of ['category', 'publishedFrom', 'publishedTo', 'search'] as const) {
    const value = filters[name]?.trim();
    if (value) out[name] = value;
  }
  const sortBy = filters.sortBy ?? DEFAULT_BLOG_SORT.sortBy;
  const sortOrder = filters.sortOrder ?? DEFAULT_BLOG_SORT.sortOrder;
  if (sortBy !== DEFAULT_BLOG_SORT.sortBy) out.sortBy = sortBy;
  if (sortOrder !== DEFAULT_BLOG_SORT.sortOrder) out.sortOrder = sortOrder;
  return out;
}
