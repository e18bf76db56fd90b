import { generateBlogBody, generatedBlog, type GeneratedBlog } from '@contract/blogs';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** SPEC §5 advanced generation: title and summary required, tone informative by default. */
export const generateBlogInputSchema = generateBlogBody;
export type GenerateBlogFormValues = z.input<typeof generateBlogInputSchema>;
export type GenerateBlogInput = z.output<typeof generateBlogInputSchema>;

export const generateBlogMutationKey = ['blogs', 'generate'] as const;

/** A draft to review; nothing is stored until it is saved with createBlog (source 'generated'). */
export async function generateBlog(input: GenerateBlogInput): Promise<GeneratedBlog> {
  return generatedBlog.parse(await api<unknown>('/blogs/generate', { method: 'POST', body: input }));
}

export const generateBlogMutationOptions = () =>
  mutationOptions({
    mutationKey: generateBlogMutationKey,
    mutationFn: generateBlog,
    // Spends AI tokens and only makes sense while the modal waits for it: never paused and replayed.
    networkMode: 'always',
  });

/** Changes no stored data, so there is nothing to invalidate. */
export function useGenerateBlog() {
  return useMutation(generateBlogMutationOptions());
}
