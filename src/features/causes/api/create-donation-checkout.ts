import type { CheckoutResponse, DonationCheckoutBody } from '@contract/payments';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { paymentProvider } from '@/config/payments';
import { api } from '@/lib/api-client';

export const createDonationCheckoutMutationKey = ['payments', 'checkout', 'donation'] as const;

/**
 * POST /payments/{provider}/checkout/donation (public): answers the hosted checkout `link`. Typed,
 * not zod-parsed, so the embed stays light; the server validates the body with the contract. No Idempotency-Key
 * (ADR 0013): each call opens a new pending checkout, and an unpaid one has no effect.
 */
export function createDonationCheckout(body: DonationCheckoutBody) {
  return api<CheckoutResponse>(`/payments/${paymentProvider}/checkout/donation`, { method: 'POST', body });
}

export const createDonationCheckoutMutationOptions = () =>
  mutationOptions({
    mutationKey: createDonationCheckoutMutationKey,
    mutationFn: createDonationCheckout,
    // A checkout is useless later: offline the donor is told at once, never queued.
    networkMode: 'always',
  });

export function useCreateDonationCheckout() {
  return useMutation(createDonationCheckoutMutationOptions());
}
