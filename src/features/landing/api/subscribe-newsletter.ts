import type { NewsletterResponse, newsletterBody } from '@contract/marketing';
import { useState } from 'react';
import type { z } from 'zod';
import { defineOutboxAction, type OutboxError } from '@/lib/outbox';

// Types only: the form loads the schema itself on first validation.
export type SubscribeNewsletterInput = z.output<typeof newsletterBody>;

/**
 * Through the outbox, so a visitor offline (or whose request is lost) is still subscribed later.
 * It belongs to whoever is signed in (nobody for a visitor), so the next person on a shared phone
 * never sees the address in the outbox.
 */
export const subscribeNewsletterAction = defineOutboxAction<SubscribeNewsletterInput>({
  kind: 'newsletter-subscription',
  method: 'POST',
  url: '/marketing/newsletter',
  label: 'Newsletter subscription',
});

export interface SubscribeHandlers {
  /** 201 for a new address, 200 when it was already subscribed: both are a success for the visitor. */
  onSuccess: (response: NewsletterResponse) => void;
  /** Kept on the device, to be sent when the connection is back. */
  onQueued: (reason: 'offline' | 'server') => void;
  /** The server refused it (400, 429…); the form still holds the address. */
  onError: (error: OutboxError) => void;
}

/**
 * The landing page hydrates its islands without a query client (ADR 0007), so this is a small
 * pending-state hook rather than useMutation. Online, the visitor waits for the server's answer;
 * offline, the subscription waits in the outbox instead of failing.
 */
export function useSubscribeNewsletter() {
  const [isPending, setPending] = useState(false);
  const mutate = async (
    input: SubscribeNewsletterInput,
    idempotencyKey: string,
    handlers: SubscribeHandlers,
  ) => {
    setPending(true);
    try {
      const result = await subscribeNewsletterAction.submit(input, { idempotencyKey });
      if (result.status === 'sent') handlers.onSuccess(result.response as NewsletterResponse);
      else if (result.status === 'queued') handlers.onQueued(result.reason);
      else handlers.onError(result.error);
    } catch {
      // IndexedDB refused (private mode quota, a blocked upgrade): nothing was kept, so say so.
      handlers.onError({ message: 'Could not subscribe. Please try again.' });
    } finally {
      setPending(false);
    }
  };
  return { isPending, mutate };
}
