import type { DonationConfirmation, PaymentStatus } from '@contract/payments';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ConfirmDonationInput {
  provider: string;
  txRef: string;
  transactionId?: string;
}

const statuses: readonly PaymentStatus[] = ['pending', 'successful', 'failed', 'cancelled'];

export const confirmDonationMutationKey = ['payments', 'confirm-donation'] as const;

/**
 * POST /payments/{provider}/donations/confirm: the server asks the provider about the tx_ref; the
 * `status` of our own query string is never sent, so it cannot be forged into a donation.
 */
export async function confirmDonation({
  provider,
  txRef,
  transactionId,
}: ConfirmDonationInput): Promise<DonationConfirmation> {
  const body = await api<unknown>(`/payments/${encodeURIComponent(provider)}/donations/confirm`, {
    method: 'POST',
    body: { txRef, ...(transactionId && { transactionId }) },
  });
  // Read by hand (no zod on this public return page); anything unexpected counts as pending.
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const status = statuses.find((s) => s === record.status) ?? 'pending';
  return {
    success: record.success === true,
    message: typeof record.message === 'string' ? record.message : '',
    status,
    causeId: typeof record.causeId === 'string' ? record.causeId : null,
  };
}

export const confirmDonationMutationOptions = () =>
  mutationOptions({
    mutationKey: confirmDonationMutationKey,
    mutationFn: confirmDonation,
    // Idempotent on the server (one record per tx_ref); a reload simply asks again.
    networkMode: 'always',
  });

export function useConfirmDonation() {
  return useMutation(confirmDonationMutationOptions());
}
