import type { QueryClient } from '@tanstack/react-query';
import { subscribeNewsletterMutationOptions } from './subscribe-newsletter';

/** House rule: every mutation key has its function registered (see auth-mutation-defaults.ts). */
export function registerLandingMutationDefaults(queryClient: QueryClient) {
  const { mutationKey, ...newsletter } = subscribeNewsletterMutationOptions();
  queryClient.setMutationDefaults(mutationKey, newsletter);
}
