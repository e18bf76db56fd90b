import type { CheckoutResponse, DonationCheckoutBody } from '@contract/payments';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { paymentProvider } from '@/config/payments';
import { api } from '@/lib/api-client';

export const createDonationCheckoutMutationKey = ['payments', 'checkout', 'donation'] as const;

export interface CreateDonationCheckoutInput {
  body: DonationCheckoutBody;
  idempotencyKey: string;
}

/**
 * POST /payments/{provider}/checkout/donation (public): answers the hosted checkout `link`. Typed,
 * not zod-parsed, so the embed stays light; the server validates the body with the contract.
 */
export function createDonationCheckout({ body, idempotencyKey }: CreateDonationCheckoutInput) {
  return api<CheckoutResponse>(`/payments/${paymentProvider}/checkout/donation`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
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
