import type { QueryClient } from '@tanstack/react-query';
import { sendContactMessageMutationOptions } from './send-contact-message';

/** House rule: every mutation key has its function registered on the app's query client. */
export function registerContactMutationDefaults(queryClient: QueryClient) {
  const { mutationKey, ...options } = sendContactMessageMutationOptions();
  queryClient.setMutationDefaults(mutationKey, options);
}
