import type { Blog, BlogFilter } from '@contract/blogs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiBaseUrl } from '@/lib/api-client';
import { normaliseFilter } from '@/lib/listing/listing-definition';
import { pagedListingOptions, pagedListingsKey } from '@/lib/listing/paged-query';
import { getDated } from '@/lib/saved-at';
import { blogsListing } from '../blogs-listing-definition';

/**
 * The spec: "the public blogs page calls a fixed absolute backend address" (VITE_BLOGS_API_BASE_URL).
 * Left unset it is the app's API base, start-up host rewrite included.
 */
export const publicBlogsApiBaseUrl =
  env.VITE_BLOGS_API_BASE_URL === env.VITE_API_BASE_URL ? apiBaseUrl : env.VITE_BLOGS_API_BASE_URL;

/** Another backend than the app's API is another source, so its lists are cached apart. */
const otherBase = (baseURL: string | undefined) => (baseURL && baseURL !== apiBaseUrl ? [baseURL] : []);

export const blogsQueryKeys = {
  all: ['blogs'] as const,
  /** Whole-array lists: the management screen's every post. */
  lists: () => [...blogsQueryKeys.all, 'list'] as const,
  list: (filter: BlogFilter = {}, baseURL?: string) =>
    [...blogsQueryKeys.lists(), normaliseFilter(blogsListing, filter), ...otherBase(baseURL)] as const,
  /** Every paged list ['blogs', 'pages', filter], whatever its filter. */
  pages: () => pagedListingsKey(blogsListing.resource),
  details: () => [...blogsQueryKeys.all, 'detail'] as const,
  detail: (id: string, baseURL?: string) => [...blogsQueryKeys.details(), id, ...otherBase(baseURL)] as const,
};

export interface BlogsRequestOptions {
  signal?: AbortSignal;
  /** Another API base for this call: the public blog pages' fixed address, while the portal uses the app's. */
  baseURL?: string;
}

/** Every post for `filter` in one answer (GET /api/blogs without paging): the management screen's list. */
export const getBlogsQueryOptions = (filter: BlogFilter = {}) =>
  queryOptions({
    queryKey: blogsQueryKeys.list(filter),
    // Dated: offline, the screen can say how old a copy the service worker answered with is.
    queryFn: ({ signal, queryKey }) =>
      getDated<Blog[]>(queryKey, '/blogs', { query: normaliseFilter(blogsListing, filter), signal }),
  });

export function useBlogs(filter: BlogFilter = {}) {
  return useQuery(getBlogsQueryOptions(filter));
}

/**
 * GET /api/blogs for one filter, page by page as the reader scrolls (an infinite query, read through
 * usePagedListing). `baseURL`: the public page's fixed address.
 */
export const getBlogPagesQueryOptions = (filter: BlogFilter = {}, { baseURL }: { baseURL?: string } = {}) =>
  pagedListingOptions(blogsListing, filter, { baseURL });
