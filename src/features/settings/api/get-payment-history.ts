import type { PaymentHistory } from '@contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingQueryKeys } from './get-subscription';

export async function getPaymentHistory({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentHistory> {
  const answer = await api<unknown>('/payments/history', { signal });
  // The schema (and zod with it) loads with the answer, not with the route tree every page loads (ADR 0006).
  const { paymentHistory } = await import('@contract/payments');
  return paymentHistory.parse(answer);
}

export const getPaymentHistoryQueryOptions = () =>
  queryOptions({
    queryKey: billingQueryKeys.history(),
    queryFn: ({ signal }) => getPaymentHistory({ signal }),
  });

export function usePaymentHistory({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPaymentHistoryQueryOptions(), enabled });
}
