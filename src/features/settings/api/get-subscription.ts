import type { NgoSubscription } from '@contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const billingQueryKeys = {
  all: ['billing'] as const,
  subscription: () => [...billingQueryKeys.all, 'subscription'] as const,
  history: () => [...billingQueryKeys.all, 'history'] as const,
};

export async function getSubscription({ signal }: { signal?: AbortSignal } = {}): Promise<NgoSubscription> {
  const answer = await api<unknown>('/payments/subscription', { signal });
  // The schema (and zod with it) loads with the answer, not with the route tree every page loads (ADR 0006).
  const { ngoSubscription } = await import('@contract/payments');
  return ngoSubscription.parse(answer);
}

export const getSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: billingQueryKeys.subscription(),
    queryFn: ({ signal }) => getSubscription({ signal }),
  });

export function useSubscription({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSubscriptionQueryOptions(), enabled });
}
