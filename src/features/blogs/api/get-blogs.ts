import type { Blog, BlogSortField, SortOrder } from '@contract/blogs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { api, apiBaseUrl } from '@/lib/api-client';
import { getDated } from '@/lib/saved-at';

/**
 * SPEC §7: the public blogs page calls a fixed absolute backend address (VITE_BLOGS_API_BASE_URL).
 * Left unset it is the app's API base, start-up host rewrite included.
 */
export const publicBlogsApiBaseUrl =
  env.VITE_BLOGS_API_BASE_URL === env.VITE_API_BASE_URL ? apiBaseUrl : env.VITE_BLOGS_API_BASE_URL;

/** The GET /api/blogs filters as the client holds them (SPEC §7); blank ones are left out of the request. */
export interface BlogsFilters {
  category?: string;
  publishedFrom?: string;
  publishedTo?: string;
  search?: string;
  sortBy?: BlogSortField;
  sortOrder?: SortOrder;
}

const filterNames = ['category', 'publishedFrom', 'publishedTo', 'search', 'sortBy', 'sortOrder'] as const;

/**
 * Blank filters dropped, text trimmed, sort defaults (postDate desc) made explicit: `{}` and
 * `{ search: ' ' }` are the same list, so they share one cache entry and one request.
 */
export function normaliseBlogsFilters(filters: BlogsFilters = {}): BlogsFilters {
  const out: BlogsFilters = {};
  for (const name of filterNames) {
    const value = filters[name]?.trim();
    if (value) (out as Record<string, string>)[name] = value;
  }
  out.sortBy ??= 'postDate';
  out.sortOrder ??= 'desc';
  return out;
}

/** Another backend than the app's API is another source, so its lists are cached apart. */
const otherBase = (baseURL: string | undefined) => (baseURL && baseURL !== apiBaseUrl ? [baseURL] : []);

export const blogsQueryKeys = {
  all: ['blogs'] as const,
  lists: () => [...blogsQueryKeys.all, 'list'] as const,
  list: (filters: BlogsFilters = {}, baseURL?: string) =>
    [...blogsQueryKeys.lists(), normaliseBlogsFilters(filters), ...otherBase(baseURL)] as const,
  details: () => [...blogsQueryKeys.all, 'detail'] as const,
  detail: (id: string, baseURL?: string) => [...blogsQueryKeys.details(), id, ...otherBase(baseURL)] as const,
};

export interface BlogsRequestOptions {
  signal?: AbortSignal;
  /**
   * Another API base for this call. SPEC §7: the public blogs page calls a fixed absolute backend
   * address (VITE_BLOGS_API_BASE_URL), while the portal uses the app's API base.
   */
  baseURL?: string;
}

export function getBlogs(filters: BlogsFilters = {}, { signal, baseURL }: BlogsRequestOptions = {}) {
  // Type-only contract import: the response is trusted, which keeps zod off the public page's chunk.
  return api<Blog[]>('/blogs', {
    query: normaliseBlogsFilters(filters),
    signal,
    ...(baseURL && { baseURL }),
  });
}

export const getBlogsQueryOptions = (filters: BlogsFilters = {}, { baseURL }: { baseURL?: string } = {}) =>
  queryOptions({
    queryKey: blogsQueryKeys.list(filters, baseURL),
    // Dated: offline, the listing says how old a copy the service worker answered with is.
    queryFn: ({ signal, queryKey }) =>
      getDated<Blog[]>(queryKey, '/blogs', {
        query: normaliseBlogsFilters(filters),
        signal,
        ...(baseURL && { baseURL }),
      }),
  });

export function useBlogs(filters: BlogsFilters = {}, options: { baseURL?: string } = {}) {
  return useQuery(getBlogsQueryOptions(filters, options));
}
