import type { Blog } from '@contract/blogs';
import { blogMatcher } from '@contract/listing-match';
import type { QueryClient } from '@tanstack/react-query';
import { findSavedSuperset, type SavedList } from '@/lib/offline-listing';
import { blogsQueryKeys, normaliseBlogsFilters, type BlogsFilters } from './api/get-blogs';
import { compareBlogs } from './blogs-order';

/**
 * The posts GET /api/blogs would list for `filters`, worked out from a saved superset (offline,
 * when this exact list was never loaded): the server's matching rules, then its order.
 */
export function savedBlogsFor(
  queryClient: QueryClient,
  filters: BlogsFilters,
  baseURL?: string,
): SavedList<Blog> | undefined {
  const wanted = normaliseBlogsFilters(filters);
  const saved = findSavedSuperset<Blog>(
    queryClient,
    blogsQueryKeys.lists(),
    blogsQueryKeys.list(wanted, baseURL),
  );
  if (!saved) return undefined;
  const items = saved.items.filter(blogMatcher(wanted)).sort(compareBlogs(wanted.sortBy, wanted.sortOrder));
  return { items, savedAt: saved.savedAt };
}
