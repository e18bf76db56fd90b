import { ticketCategoryLabels, type Ticket } from '@contract/tickets';
import { Link } from '@tanstack/react-router';
import { MessageSquare, Star } from 'lucide-react';
import { useId } from 'react';
import { relativeTimeAgo } from '@/lib/saved-label';
import { ticketNumber } from '../format';
import { queueSlaLine } from '../sla';
import type { TicketsSearch } from '../tickets-search';
import { SlaBadge, TicketPriorityBadge, TicketStatusBadge } from './ticket-badges';

export type TicketsPath = '/feedback-requests' | '/admin/all-tickets';

/**
 * One ticket of a list: number, subject (the link that opens it), status and priority; for agents the
 * requester, the assignee and the SLA clock that matters now; for SUPER_ADMIN the organisation.
 */
export function TicketCard({
  ticket,
  path,
  search,
  agent,
  crossNgo,
  viewerId,
  now,
}: {
  ticket: Ticket;
  path: TicketsPath;
  /** The list's search: the link keeps it, so Back returns to the same filters. */
  search: TicketsSearch;
  agent: boolean;
  crossNgo: boolean;
  viewerId: string;
  now: string;
}) {
  const titleId = useId();
  const sla = agent ? queueSlaLine(ticket, now) : null;
  const mine = ticket.requester.id === viewerId;
  return (
    <article
      aria-labelledby={titleId}
      className="relative flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 focus-within:ring-2 focus-within:ring-brand-600 hover:border-slate-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold text-slate-600 dark:text-slate-400">
          {ticketNumber(ticket.number)}
        </span>
        <div className="flex flex-wrap gap-1.5">
          <TicketStatusBadge status={ticket.status} />
          {(agent || ticket.priority === 'urgent' || ticket.priority === 'high') && (
            <TicketPriorityBadge priority={ticket.priority} />
          )}
        </div>
      </div>
      <h3 id={titleId} className="text-base font-bold break-words">
        <Link
          to={path}
          search={{ ...search, ticket: ticket.id }}
          resetScroll
          className="outline-none after:absolute after:inset-0 after:rounded-xl hover:underline"
        >
          {ticket.subject}
        </Link>
      </h3>
      <dl className="grid gap-0.5 text-sm text-slate-700 dark:text-slate-300">
        {crossNgo && (
          <div className="flex gap-1">
            <dt className="font-medium">Organisation:</dt>
            <dd className="min-w-0 truncate">{ticket.ngoName}</dd>
          </div>
        )}
        {(agent || !mine) && (
          <div className="flex gap-1">
            <dt className="font-medium">Asked by:</dt>
            <dd className="min-w-0 truncate">{mine ? 'You' : ticket.requester.name}</dd>
          </div>
        )}
        {agent && (
          <div className="flex gap-1">
            <dt className="font-medium">Assigned to:</dt>
            <dd className="min-w-0 truncate">
              {ticket.assignee
                ? ticket.assignee.id === viewerId
                  ? 'You'
                  : ticket.assignee.name
                : 'Nobody yet'}
            </dd>
          </div>
        )}
        <div className="flex gap-1">
          <dt className="font-medium">Category:</dt>
          <dd>{ticketCategoryLabels[ticket.category]}</dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-600 dark:text-slate-400">
        {sla && <SlaBadge line={sla} />}
        <span className="inline-flex items-center gap-1">
          <MessageSquare aria-hidden className="size-3.5" />
          {ticket.replyCount === 1 ? '1 reply' : `${ticket.replyCount} replies`}
        </span>
        <span>
          Updated{' '}
          <time dateTime={ticket.updatedAt}>
            {relativeTimeAgo(Date.parse(ticket.updatedAt), Date.parse(now))}
          </time>
        </span>
        {ticket.rating && (
          <span className="inline-flex items-center gap-1">
            <Star aria-hidden className="size-3.5" />
            Rated {ticket.rating.score} out of 5
          </span>
        )}
      </div>
    </article>
  );
}
