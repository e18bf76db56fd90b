import type { VerifyPaymentResponse } from '@contract/payments';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { FetchError } from 'ofetch';
import { api, apiErrorBody } from '@/lib/api-client';

export interface VerifyPaymentInput {
  provider: string;
  transactionId: string;
  txRef: string;
}

/** SPEC §3: the verification response fields read are `success` and `message`. */
export type VerifyPaymentResult = Pick<VerifyPaymentResponse, 'success'> & { message?: string };

export const verifyPaymentMutationKey = ['payments', 'verify'] as const;

/**
 * SPEC §7: GET /payments/{provider}/verify with transaction_id and tx_ref, bearer token, JSON. Read
 * by hand rather than with the contract's zod schema: only two fields, and no zod on this page.
 */
export async function verifyPayment({
  provider,
  transactionId,
  txRef,
}: VerifyPaymentInput): Promise<VerifyPaymentResult> {
  const body = await api<unknown>(`/payments/${encodeURIComponent(provider)}/verify`, {
    query: { transaction_id: transactionId, tx_ref: txRef },
    headers: { 'Content-Type': 'application/json' },
  });
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return {
    success: record.success === true,
    message: typeof record.message === 'string' ? record.message : undefined,
  };
}

export const VERIFY_FAILED = 'Payment verification failed. Please contact support.';
export const VERIFY_EXCEPTION = 'An error occurred during payment verification. Please contact support.';

/**
 * SPEC §8: an HTTP answer that is not a success shows the server's message, else the generic
 * failure; no answer at all (network) or anything thrown shows the exception text.
 */
export function verificationFailureMessage(error: unknown): string {
  if (error instanceof FetchError && error.response) return apiErrorBody(error)?.message || VERIFY_FAILED;
  return VERIFY_EXCEPTION;
}

export const verifyPaymentMutationOptions = () =>
  mutationOptions({
    mutationKey: verifyPaymentMutationKey,
    mutationFn: verifyPayment,
    // Never paused offline: the screen reports the failure, and a reload verifies again (the server
    // is idempotent), so nothing is worth persisting.
    networkMode: 'always',
  });

export function useVerifyPayment() {
  return useMutation(verifyPaymentMutationOptions());
}
