import type { TicketDetail, TicketRatingSet } from '@contract/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { putTicket } from '../ticket-cache';
import { ticketPath, ticketsQueryKeys } from './query-keys';

export interface RateTicketInput {
  ticketId: string;
  rating: TicketRatingSet;
}

/**
 * PUT /api/tickets/{id}/rating: the requester's rating, once the ticket is resolved or closed; 409
 * `ticket_already_rated` for a second one, `ticket_not_resolved` before.
 */
export const rateTicket = ({ ticketId, rating }: RateTicketInput) =>
  api<TicketDetail>(`${ticketPath(ticketId)}/rating`, { method: 'PUT', body: rating });

export function useRateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateTicket,
    networkMode: 'always',
    onSuccess: (ticket) => putTicket(queryClient, ticket),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketsQueryKeys.lists() }),
  });
}
