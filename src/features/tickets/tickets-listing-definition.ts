import type { Ticket } from '@contract/tickets';
import { defineListing } from '@/lib/listing/listing-definition';
import { compareTickets, ticketMatcher, type TicketFilter } from './tickets-search';

/**
 * The tickets a caller sees (GET /api/tickets) for the shared listing machinery: pages, newest first,
 * narrowed as the search is typed and answered offline from a saved list. Which tickets is the
 * server's to say: a requester's own, an NGO agent's NGO's too, every NGO's for SUPER_ADMIN.
 */
export const ticketsListing = defineListing<Ticket, TicketFilter>({
  resource: 'tickets',
  path: '/tickets',
  fields: ['q', 'status', 'priority', 'category', 'audience', 'assignee', 'mine'],
  defaultSort: { sortBy: 'createdAt', sortOrder: 'desc' },
  pageSize: 25,
  matcher: ticketMatcher,
  compare: ({ sortOrder }) => compareTickets(sortOrder),
});
