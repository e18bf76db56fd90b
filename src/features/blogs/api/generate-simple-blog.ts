import { generatedSimpleBlog, generateSimpleBlogBody, type GeneratedSimpleBlog } from '@contract/blogs';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** SPEC §5 simple generation: one description (sent as `prompt`), required. */
export const generateSimpleBlogInputSchema = generateSimpleBlogBody;
export type GenerateSimpleBlogFormValues = z.input<typeof generateSimpleBlogInputSchema>;
export type GenerateSimpleBlogInput = z.output<typeof generateSimpleBlogInputSchema>;

export const generateSimpleBlogMutationKey = ['blogs', 'generate-simple'] as const;

/** A draft (content, and a title when the model proposed one); nothing is stored yet. */
export async function generateSimpleBlog(input: GenerateSimpleBlogInput): Promise<GeneratedSimpleBlog> {
  return generatedSimpleBlog.parse(
    await api<unknown>('/blogs/generate-simple', { method: 'POST', body: input }),
  );
}

export const generateSimpleBlogMutationOptions = () =>
  mutationOptions({
    mutationKey: generateSimpleBlogMutationKey,
    mutationFn: generateSimpleBlog,
    // Spends AI tokens and only makes sense while the modal waits for it: never paused and replayed.
    networkMode: 'always',
  });

/** Changes no stored data, so there is nothing to invalidate. */
export function useGenerateSimpleBlog() {
  return useMutation(generateSimpleBlogMutationOptions());
}
