import type { TicketStats } from '@contract/tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketsQueryKeys } from './query-keys';

/** The weeks the queue's chart shows. */
export const STATS_WEEKS = 8;

/** GET /api/tickets/stats: the queue week by week, its counters (tickets:work). Trusted, not parsed. */
export const ticketStatsQueryOptions = (weeks = STATS_WEEKS) =>
  queryOptions({
    queryKey: ticketsQueryKeys.stats(weeks),
    queryFn: ({ signal }) => api<TicketStats>('/tickets/stats', { query: { weeks }, signal }),
    staleTime: 60_000,
  });

export const useTicketStats = (weeks = STATS_WEEKS) => useQuery(ticketStatsQueryOptions(weeks));
