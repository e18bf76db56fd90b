import type { Blog } from '@contract/blogs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blogsQueryKeys, type BlogsRequestOptions } from './get-blogs';

export function getBlog(id: string, { signal, baseURL }: BlogsRequestOptions = {}) {
  return api<Blog>(`/blogs/${encodeURIComponent(id)}`, { signal, ...(baseURL && { baseURL }) });
}

export const getBlogQueryOptions = (id: string, { baseURL }: { baseURL?: string } = {}) =>
  queryOptions({
    queryKey: blogsQueryKeys.detail(id, baseURL),
    queryFn: ({ signal }) => getBlog(id, { signal, baseURL }),
  });

export function useBlog(id: string, options: { baseURL?: string } = {}) {
  return useQuery(getBlogQueryOptions(id, options));
}
