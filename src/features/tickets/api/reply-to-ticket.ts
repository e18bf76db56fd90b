import type { TicketReplyCreate } from '@contract/tickets';
import { defineOutboxAction, type DefinedOutboxAction } from '@/lib/outbox';
import { ticketPath } from './query-keys';

/** The outbox entries of this action carry this kind (the conversation shows them as waiting). */
export const TICKET_REPLY_KIND = 'ticket-reply';

export const ticketRepliesUrl = (ticketId: string) => `${ticketPath(ticketId)}/replies`;

export type TicketReplyBody = TicketReplyCreate & { body: string; internal: boolean } & Record<
    string,
    unknown
  >;

/**
 * A reply (or an agent's internal note) goes through the outbox: kept on the device while there is
 * no connection and sent once when there is, under the entry's Idempotency-Key. The ticket is the
 * order key, so two replies typed offline arrive in the order written. One action per ticket: its
 * address names the ticket. POST …/replies answers the ticket as it is then (201).
 */
export const ticketReplyAction = (ticketId: string): DefinedOutboxAction<TicketReplyBody> =>
  defineOutboxAction<TicketReplyBody>({
    kind: TICKET_REPLY_KIND,
    method: 'POST',
    url: ticketRepliesUrl(ticketId),
    label: 'Ticket reply',
    orderKey: () => ticketId,
  });
