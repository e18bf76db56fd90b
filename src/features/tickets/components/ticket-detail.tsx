import { ticketAudienceLabels, ticketCategoryLabels, type TicketDetail } from '@contract/tickets';
import { useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { useTicketAgents } from '../api/get-ticket-agents';
import { useTicket } from '../api/get-ticket';
import { formatDay, ticketNumber } from '../format';
import { firstReplyLine, resolutionLine } from '../sla';
import { useNow } from '../use-now';
import { useWaitingReplies } from '../use-waiting-tickets';
import { AgentControls } from './agent-controls';
import { closedNote, ReplyBox } from './reply-box';
import { RequesterActions } from './requester-actions';
import { SlaBadge, TicketPriorityBadge, TicketStatusBadge } from './ticket-badges';
import { TicketConversation } from './ticket-conversation';
import { RatingPrompt, TicketRatingShown } from './ticket-rating';

export interface TicketViewer {
  id: string;
  name: string;
  role: string;
}

/** One ticket, loaded by id: its skeleton, its refusal (not found), or the ticket. */
export function TicketDetailView({ ticketId, viewer }: { ticketId: string; viewer: TicketViewer }) {
  const query = useTicket(ticketId);
  if (query.data) return <TicketView ticket={query.data} viewer={viewer} />;
  if (query.isError) {
    const gone = errorStatus(query.error) === 404 || errorStatus(query.error) === 403;
    return (
      <Card className="flex flex-col items-start gap-3">
        {gone ? (
          <p className="font-semibold">This ticket is not available to you, or no longer exists.</p>
        ) : (
          <>
            <Alert tone="error">{errorMessage(query.error, 'The ticket could not be loaded.')}</Alert>
            <Button variant="secondary" pending={query.isFetching} onClick={() => void query.refetch()}>
              Retry
            </Button>
          </>
        )}
      </Card>
    );
  }
  return (
    <LoadingOrOffline fetchStatus={query.fetchStatus}>
      <div role="status" aria-label="Loading the ticket" className="flex flex-col gap-3">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    </LoadingOrOffline>
  );
}

function TicketView({ ticket, viewer }: { ticket: TicketDetail; viewer: TicketViewer }) {
  const now = useNow();
  const heading = useRef<HTMLHeadingElement>(null);
  const waiting = useWaitingReplies(ticket.id);
  const agents = useTicketAgents(ticket.viewerIsAgent);
  // Opening a ticket from the list moves focus to it, as a new page would.
  useEffect(() => heading.current?.focus(), [ticket.id]);
  const first = firstReplyLine(ticket, now);
  const resolution = resolutionLine(ticket, now, ticket.events);
  const finished = ticket.status === 'resolved' || ticket.status === 'closed';
  const crossNgo = viewer.role === 'SUPER_ADMIN';

  return (
    <article aria-labelledby="ticket-subject" className="flex flex-col gap-5">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">
          {ticketNumber(ticket.number)} · {ticketCategoryLabels[ticket.category]}
        </p>
        <h2
          id="ticket-subject"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold break-words outline-none sm:text-2xl"
        >
          {ticket.subject}
        </h2>
        <div className="flex flex-wrap gap-1.5">
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2 dark:text-slate-300">
          <div className="flex gap-1">
            <dt className="font-medium">Asked by:</dt>
            <dd>{ticket.viewerIsRequester ? `${ticket.requester.name} (you)` : ticket.requester.name}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">To:</dt>
            <dd>{ticketAudienceLabels[ticket.audience]}</dd>
          </div>
          {crossNgo && (
            <div className="flex gap-1">
              <dt className="font-medium">Organisation:</dt>
              <dd>{ticket.ngoName}</dd>
            </div>
          )}
          <div className="flex gap-1">
            <dt className="font-medium">Assigned to:</dt>
            <dd>{ticket.assignee ? ticket.assignee.name : 'Nobody yet'}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">Opened:</dt>
            <dd>
              <time dateTime={ticket.createdAt}>{formatDay(ticket.createdAt)}</time>
            </dd>
          </div>
        </dl>
        <ul aria-label="Service levels" className="flex flex-wrap gap-1.5">
          <li>
            <SlaBadge line={first} />
          </li>
          <li>
            <SlaBadge line={resolution} />
          </li>
        </ul>
      </header>

      {ticket.viewerIsAgent && <AgentControls ticket={ticket} viewerId={viewer.id} />}
      {ticket.viewerIsRequester && <RequesterActions ticket={ticket} />}

      {ticket.rating ? (
        <TicketRatingShown rating={ticket.rating} byViewer={ticket.viewerIsRequester} />
      ) : (
        ticket.viewerIsRequester && finished && <RatingPrompt ticket={ticket} />
      )}

      <TicketConversation ticket={ticket} waiting={waiting} viewerName={viewer.name} agents={agents.data} />

      {ticket.status === 'closed' ? (
        <p className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
          {closedNote}
        </p>
      ) : (
        <ReplyBox ticket={ticket} viewer={viewer} />
      )}
    </article>
  );
}
