import type { QueryClient } from '@tanstack/react-query';
import { createBlogMutationOptions } from './create-blog';
import { deleteBlogMutationOptions } from './delete-blog';
import { generateBlogMutationOptions } from './generate-blog';
import { generateSimpleBlogMutationOptions } from './generate-simple-blog';

/**
 * House rule: every mutation key has its function registered. These run with networkMode
 * 'always', so none is paused and restored from IndexedDB; the registration keeps the rule
 * uniform and makes `networkMode` apply to any caller of the key.
 */
export function registerBlogMutationDefaults(queryClient: QueryClient) {
  const { mutationKey: createKey, ...create } = createBlogMutationOptions();
  queryClient.setMutationDefaults(createKey, create);
  const { mutationKey: deleteKey, ...remove } = deleteBlogMutationOptions();
  queryClient.setMutationDefaults(deleteKey, remove);
  const { mutationKey: generateKey, ...generate } = generateBlogMutationOptions();
  queryClient.setMutationDefaults(generateKey, generate);
  const { mutationKey: simpleKey, ...simple } = generateSimpleBlogMutationOptions();
  queryClient.setMutationDefaults(simpleKey, simple);
}
