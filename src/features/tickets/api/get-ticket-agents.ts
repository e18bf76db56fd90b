import type { TicketPerson } from '@contract/tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketsQueryKeys } from './query-keys';

/** GET /api/tickets/agents: who a ticket may be assigned to (tickets:work). Trusted, not parsed. */
export const ticketAgentsQueryOptions = () =>
  queryOptions({
    queryKey: ticketsQueryKeys.agents(),
    queryFn: ({ signal }) => api<TicketPerson[]>('/tickets/agents', { signal }),
    staleTime: 5 * 60_000,
  });

export const useTicketAgents = (enabled = true) => useQuery({ ...ticketAgentsQueryOptions(), enabled });
