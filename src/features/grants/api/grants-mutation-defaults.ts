import type { QueryClient } from '@tanstack/react-query';
import { createGrantMutationOptions } from './create-grant';

/**
 * House rule: every mutation key has its function registered. Adding a grant runs with networkMode
 * 'always', so it is never paused and restored from IndexedDB; the registration keeps the rule
 * uniform and makes `networkMode` apply to any caller of the key.
 */
export function registerGrantsMutationDefaults(queryClient: QueryClient) {
  const { mutationKey, ...options } = createGrantMutationOptions();
  queryClient.setMutationDefaults(mutationKey, options);
}
