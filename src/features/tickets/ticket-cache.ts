import type { Ticket, TicketDetail } from '@contract/tickets';
import type { QueryClient } from '@tanstack/react-query';
import type { PagedData } from '@/lib/listing/paged-query';
import { ticketsQueryKeys } from './api/query-keys';

/*
 * A ticket the server answered (a change, a reply, a rating) replaces its copies in the cache at once:
 * the detail, and its summary in every list page that holds it, so the list agrees before it is asked
 * again.
 */

/** The list's summary of a ticket: the detail without its conversation and the viewer's flags. */
export function summaryOf(detail: TicketDetail): Ticket {
  const {
    description: _description,
    attachments: _attachments,
    replies: _replies,
    events: _events,
    viewerIsAgent: _agent,
    viewerIsRequester: _requester,
    ...summary
  } = detail;
  return summary;
}

export function putTicket(queryClient: QueryClient, detail: TicketDetail) {
  queryClient.setQueryData(ticketsQueryKeys.detail(detail.id), detail);
  const summary = summaryOf(detail);
  queryClient.setQueriesData<PagedData<Ticket>>({ queryKey: ticketsQueryKeys.lists() }, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            items: page.items.map((t) => (t.id === detail.id ? summary : t)),
          })),
        }
      : old,
  );
}
