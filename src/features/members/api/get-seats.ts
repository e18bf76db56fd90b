import type { MemberSeats } from '@contract/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersQueryKeys, STAFF_STALE_MS } from './query-keys';

/** GET /api/members/seats: the effective plan's member limit and what holds it. Trusted, not parsed. */
export const seatsQueryOptions = () =>
  queryOptions({
    queryKey: membersQueryKeys.seats(),
    queryFn: ({ signal }) => api<MemberSeats>('/members/seats', { signal }),
    staleTime: STAFF_STALE_MS,
  });

export const useSeats = (enabled = true) => useQuery({ ...seatsQueryOptions(), enabled });
