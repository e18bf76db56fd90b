import type { NewsletterResponse, newsletterBody } from '@contract/marketing';
import { useState } from 'react';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

// Types only: the form loads the schema itself on first validation.
export type SubscribeNewsletterInput = z.output<typeof newsletterBody>;

/** 201 for a new address, 200 when it was already subscribed: both are a success for the visitor. */
export async function subscribeNewsletter(input: SubscribeNewsletterInput): Promise<NewsletterResponse> {
  return api<NewsletterResponse>('/marketing/newsletter', { method: 'POST', body: input });
}

/**
 * The landing page hydrates its islands without a query client (ADR 0007), so this is a small
 * pending-state hook rather than useMutation. The visitor waits for the answer: a subscription
 * confirmed hours later, on another page, would only confuse.
 */
export function useSubscribeNewsletter() {
  const [isPending, setPending] = useState(false);
  const mutate = async (
    input: SubscribeNewsletterInput,
    handlers: { onSuccess: (res: NewsletterResponse) => void; onError: (error: unknown) => void },
  ) => {
    setPending(true);
    try {
      handlers.onSuccess(await subscribeNewsletter(input));
    } catch (error) {
      handlers.onError(error);
    } finally {
      setPending(false);
    }
  };
  return { isPending, mutate };
}
