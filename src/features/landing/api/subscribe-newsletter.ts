import type { NewsletterResponse, newsletterBody } from '@contract/marketing';
import type { UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { defineOutboxAction, useOutboxSubmit } from '@/lib/outbox';

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

/**
 * The landing page hydrates its islands without a query client or a form library (ADR 0007), so
 * the form hands in its own `setError` for the one field. Both 2xx answers (201 new, 200 already
 * subscribed) are a success for the visitor; offline, the subscription waits in the outbox.
 */
export function useSubscribeNewsletter(setError: UseFormSetError<SubscribeNewsletterInput>) {
  return useOutboxSubmit<SubscribeNewsletterInput, SubscribeNewsletterInput, NewsletterResponse>(
    subscribeNewsletterAction,
    { setError, fields: ['email'], fallback: 'Could not subscribe. Please try again.' },
  );
}
