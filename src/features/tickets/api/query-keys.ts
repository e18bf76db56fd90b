import { pagedListingsKey } from '@/lib/listing/paged-query';

/**
 * The tickets screens' query keys: ['tickets', kind, …]. offline.ts persists the pages of the lists
 * (['tickets', 'pages', filter], lib/listing) and the tickets opened (['tickets', 'detail', id]).
 */
export const ticketsQueryKeys = {
  all: ['tickets'] as const,
  lists: () => pagedListingsKey('tickets'),
  details: () => ['tickets', 'detail'] as const,
  detail: (ticketId: string) => ['tickets', 'detail', ticketId] as const,
  /** Who a ticket may be assigned to (agents only). */
  agents: () => ['tickets', 'agents'] as const,
  stats: (weeks: number) => ['tickets', 'stats', { weeks }] as const,
};

export const ticketPath = (ticketId: string) => `/tickets/${encodeURIComponent(ticketId)}`;

/** A ticket's conversation moves under the requester's eyes (an agent replying): asked again on open. */
export const TICKET_STALE_MS = 30_000;
