import type { TicketCreate } from '@contract/tickets';
import { defineOutboxAction } from '@/lib/outbox';

/** The outbox entries of this action carry this kind (the list shows them as waiting to send). */
export const TICKET_CREATE_KIND = 'ticket-create';

/** What is queued: the contract's body, every field given. */
export type TicketCreateBody = Required<Omit<TicketCreate, 'sourceMessageId'>> & Record<string, unknown>;

/**
 * A new ticket goes through the outbox (issue 16): a field user writes it where there is no
 * connection; it is kept on the device ('Waiting to send' at the top of the list) and sent once
 * when there is one. The entry's key is the Idempotency-Key, so a send whose answer was lost makes
 * one ticket, not two. POST /api/tickets answers the ticket (201).
 */
export const createTicketAction = defineOutboxAction<TicketCreateBody>({
  kind: TICKET_CREATE_KIND,
  method: 'POST',
  url: '/tickets',
  label: 'Ticket',
});
