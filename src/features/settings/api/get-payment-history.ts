import { paymentHistory, type PaymentHistory } from '@contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingQueryKeys } from './get-subscription';

export async function getPaymentHistory({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentHistory> {
  return paymentHistory.parse(await api<unknown>('/payments/history', { signal }));
}

export const getPaymentHistoryQueryOptions = () =>
  queryOptions({
    queryKey: billingQueryKeys.history(),
    queryFn: ({ signal }) => getPaymentHistory({ signal }),
  });

export function usePaymentHistory({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPaymentHistoryQueryOptions(), enabled });
}
