import type { TicketDetail } from '@contract/tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TICKET_STALE_MS, ticketPath, ticketsQueryKeys } from './query-keys';

/** GET /api/tickets/{id}: the ticket, its conversation and history. Trusted, not parsed (ADR 0006). */
export const getTicket = (ticketId: string, signal?: AbortSignal) =>
  api<TicketDetail>(ticketPath(ticketId), { signal });

export const ticketQueryOptions = (ticketId: string) =>
  queryOptions({
    queryKey: ticketsQueryKeys.detail(ticketId),
    queryFn: ({ signal }) => getTicket(ticketId, signal),
    staleTime: TICKET_STALE_MS,
  });

export const useTicket = (ticketId: string) => useQuery(ticketQueryOptions(ticketId));
