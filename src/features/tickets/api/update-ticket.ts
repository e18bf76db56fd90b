import type { TicketChange, TicketDetail } from '@contract/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { putTicket } from '../ticket-cache';
import { ticketPath, ticketsQueryKeys } from './query-keys';

export interface UpdateTicketInput {
  ticketId: string;
  change: TicketChange;
}

/**
 * PATCH /api/tickets/{id}: agents change the status, priority and assignee; the requester closes or
 * reopens. The ticket as changed; 409 `ticket_closed` once it is closed.
 */
export const updateTicket = ({ ticketId, change }: UpdateTicketInput) =>
  api<TicketDetail>(ticketPath(ticketId), { method: 'PATCH', body: change });

/** Changes a ticket: the answer replaces it in the detail and every list, then the lists are asked again. */
export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicket,
    // Online only: the controls are disabled offline, and an agent triages with a connection.
    networkMode: 'always',
    onSuccess: (ticket) => putTicket(queryClient, ticket),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ticketsQueryKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...ticketsQueryKeys.all, 'stats'] });
    },
  });
}
