import type { NewsletterResponse, newsletterBody } from '@contract/marketing';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

// Types only: the form loads the schema itself on first validation (see lazyZodResolver).
export type SubscribeNewsletterFormValues = z.input<typeof newsletterBody>;
export type SubscribeNewsletterInput = z.output<typeof newsletterBody>;

export const subscribeNewsletterMutationKey = ['marketing', 'newsletter', 'subscribe'] as const;

/** 201 for a new address, 200 when it was already subscribed: both are a success for the visitor. */
export async function subscribeNewsletter(input: SubscribeNewsletterInput): Promise<NewsletterResponse> {
  return api<NewsletterResponse>('/marketing/newsletter', { method: 'POST', body: input });
}

export const subscribeNewsletterMutationOptions = () =>
  mutationOptions({
    mutationKey: subscribeNewsletterMutationKey,
    mutationFn: subscribeNewsletter,
    // The visitor waits for the toast; a subscription confirmed hours later, on another page, would only confuse.
    networkMode: 'always',
  });

export function useSubscribeNewsletter() {
  return useMutation(subscribeNewsletterMutationOptions());
}
