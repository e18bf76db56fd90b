import { blogIdParams, type Blog } from '@contract/blogs';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { withoutItem, type PagedData } from '@/lib/listing/paged-query';
import { blogsQueryKeys } from './get-blogs';

export const deleteBlogInputSchema = blogIdParams;
export type DeleteBlogInput = z.input<typeof deleteBlogInputSchema>;

export const deleteBlogMutationKey = ['blogs', 'delete'] as const;

export async function deleteBlog({ id }: DeleteBlogInput): Promise<void> {
  await api(`/blogs/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const deleteBlogMutationOptions = () =>
  mutationOptions({
    mutationKey: deleteBlogMutationKey,
    mutationFn: deleteBlog,
    // Asked and confirmed now: a delete replayed later, after the admin has moved on, would surprise.
    networkMode: 'always',
  });

export function useDeleteBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteBlogMutationOptions(),
    onSuccess: (_data, { id }) => {
      // SPEC §7: on success the blog is removed. Take it out of every cached list now rather than
      // after the refetch, so it never flickers back, and forget its detail page.
      queryClient.setQueriesData<Blog[]>({ queryKey: blogsQueryKeys.lists() }, (blogs) =>
        blogs?.filter((b) => b.id !== id),
      );
      queryClient.setQueriesData<PagedData<Blog>>({ queryKey: blogsQueryKeys.pages() }, (data) =>
        withoutItem(data, (b) => b.id === id),
      );
      queryClient.removeQueries({ queryKey: blogsQueryKeys.detail(id) });
    },
    // After a failure too: a 404 means someone else deleted it, and the list should say so.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: blogsQueryKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: blogsQueryKeys.pages() });
    },
  });
}
