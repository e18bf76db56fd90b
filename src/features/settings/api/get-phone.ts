import type { PhoneAnswer } from '@contract/phone';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const accountQueryKeys = {
  all: ['account'] as const,
  phone: () => [...accountQueryKeys.all, 'phone'] as const,
};

/** GET /api/me/phone: the caller's number for text messages (E.164), or null. */
export const getPhone = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<PhoneAnswer>('/me/phone', { signal });

// Not persisted for offline (no registration for 'account'): changing it needs a connection anyway.
export const getPhoneQueryOptions = () =>
  queryOptions({
    queryKey: accountQueryKeys.phone(),
    queryFn: ({ signal }) => getPhone({ signal }),
  });

export const usePhone = () => useQuery(getPhoneQueryOptions());
