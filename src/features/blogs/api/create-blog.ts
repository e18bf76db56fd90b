import { blog, createBlogBody, type Blog } from '@contract/blogs';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { blogsQueryKeys } from './get-blogs';

/**
 * POST /api/blogs takes the three shapes of SPEC §7 (generated, pasted, new-blog form) with one
 * schema; the server validates with the same one, so client and server agree on every message.
 */
export const createBlogInputSchema = createBlogBody;
export type CreateBlogInput = z.input<typeof createBlogInputSchema>;

export const createBlogMutationKey = ['blogs', 'create'] as const;

export async function createBlog(input: CreateBlogInput): Promise<Blog> {
  return blog.parse(await api<unknown>('/blogs', { method: 'POST', body: input }));
}

export const createBlogMutationOptions = () =>
  mutationOptions({
    mutationKey: createBlogMutationKey,
    mutationFn: createBlog,
    // The author waits in the modal or form for 'saved'; offline they get the error at once and keep
    // their text, instead of a post parked behind a modal that has already closed.
    networkMode: 'always',
  });

export function useCreateBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createBlogMutationOptions(),
    // Not awaited: 'saved' shows at once and the lists refetch while the modal is still open.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: blogsQueryKeys.all }),
  });
}
