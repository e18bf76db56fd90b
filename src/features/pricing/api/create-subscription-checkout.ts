import type { CheckoutResponse, SubscriptionCheckoutBody } from '@contract/payments';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { paymentProvider } from '@/config/payments';
import { api } from '@/lib/api-client';

export const createSubscriptionCheckoutMutationKey = ['payments', 'checkout', 'subscription'] as const;

/**
 * POST /payments/{provider}/checkout/subscription (NGO_ADMIN): the price comes from the catalogue on
 * the server; the answer's `link` is the hosted checkout. Typed, not zod-parsed: /pricing is a
 * prerendered public page and stays free of zod. No Idempotency-Key (ADR 0013): each call opens a
 * new pending checkout, and an unpaid one has no effect.
 */
export function createSubscriptionCheckout(body: SubscriptionCheckoutBody) {
  return api<CheckoutResponse>(`/payments/${paymentProvider}/checkout/subscription`, {
    method: 'POST',
    body,
  });
}

export const createSubscriptionCheckoutMutationOptions = () =>
  mutationOptions({
    mutationKey: createSubscriptionCheckoutMutationKey,
    mutationFn: createSubscriptionCheckout,
    // A checkout link is only good now: offline the admin is told at once, never queued.
    networkMode: 'always',
  });

export function useCreateSubscriptionCheckout() {
  return useMutation(createSubscriptionCheckoutMutationOptions());
}
