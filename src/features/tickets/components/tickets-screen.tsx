import { can } from '@contract/permissions';
import type { TicketDetail } from '@contract/tickets';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Inbox, Plus, X } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { ListingStatus, MoreRow } from '@/components/listing/listing-results';
import { CardGridSkeleton, FirstLoadFailed } from '@/components/listing/listing-states';
import { OfflineListNote } from '@/components/offline-list-note';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { filterSearchParams } from '@/lib/listing/listing-definition';
import { usePagedListing } from '@/lib/listing/use-paged-listing';
import { outbox } from '@/lib/outbox';
import { TICKET_CREATE_KIND } from '../api/create-ticket';
import { ticketsQueryOptions } from '../api/get-tickets';
import { ticketsQueryKeys } from '../api/query-keys';
import { TICKET_REPLY_KIND } from '../api/reply-to-ticket';
import { putTicket } from '../ticket-cache';
import { ticketsListing } from '../tickets-listing-definition';
import { isFiltered, ticketFilterOf, type TicketFilter, type TicketsSearch } from '../tickets-search';
import { useNow } from '../use-now';
import { useWaitingTickets } from '../use-waiting-tickets';
import { NewTicketDialog } from './new-ticket-dialog';
import { WaitingBadge } from './ticket-badges';
import { TicketCard, type TicketsPath } from './ticket-card';
import { TicketDetailView, type TicketViewer } from './ticket-detail';
import { TicketFilters } from './ticket-filters';
import { TicketStatsPanel } from './ticket-stats-panel';

const nouns = { one: 'ticket', many: 'tickets' };
/** Typing pauses this long before the search goes into the address and to the server. */
export const SEARCH_DEBOUNCE_MS = 350;

export interface TicketsScreenProps {
  /** 'requests': /feedback-requests, what the caller asked (and an NGO agent's NGO's); 'queue': the agents' queue. */
  mode: 'requests' | 'queue';
  /** The URL's search params (tickets-search.ts). */
  search: TicketsSearch;
  /** Replaces the URL's search params. */
  onSearchChange: (search: TicketsSearch, options?: { replace?: boolean }) => void;
  viewer: TicketViewer;
}

const pathOf = (mode: TicketsScreenProps['mode']): TicketsPath =>
  mode === 'queue' ? '/admin/all-tickets' : '/feedback-requests';

/**
 * 'Tickets and Requests' and 'All Tickets & Feedback': a list of tickets with filters and search, a
 * New ticket form, and one ticket open (`?ticket=`) with its conversation, reply box, SLA clocks, the
 * requester's close/reopen and rating, and an agent's controls wherever the caller works the ticket.
 * The queue adds its figures. Lists and tickets seen open offline; tickets and replies written offline
 * wait in the outbox. The server decides who sees what.
 */
export function TicketsScreen({ mode, search, onSearchChange, viewer }: TicketsScreenProps) {
  const queryClient = useQueryClient();
  const path = pathOf(mode);
  const filter = ticketFilterOf(search);
  const agent = can(viewer.role, 'tickets:work');
  const [creating, setCreating] = useState(false);

  // A ticket or reply sent in the background (back online) comes back as the ticket: it updates the
  // copies shown, and the lists are asked again.
  useEffect(
    () =>
      outbox.onEvent((event) => {
        const kind = event.entry.kind;
        if (kind !== TICKET_CREATE_KIND && kind !== TICKET_REPLY_KIND) return;
        const answer = event.type === 'sent' ? (event.response as TicketDetail | null) : null;
        if (answer && typeof answer === 'object' && 'id' in answer) putTicket(queryClient, answer);
        void queryClient.invalidateQueries({ queryKey: ticketsQueryKeys.lists() });
      }),
    [queryClient],
  );

  const openTicket = (ticket: TicketDetail) => onSearchChange({ ...search, ticket: ticket.id });

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {mode === 'queue' ? 'All Tickets & Feedback' : 'Tickets and Requests'}
          </h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            {mode === 'queue'
              ? 'Every ticket you work: assign, answer and resolve them, and watch the service levels.'
              : agent
                ? 'Your questions and requests, and your organisation’s tickets to answer.'
                : 'Ask your organisation’s admins or NGO Portal support, and follow the answers here.'}
          </p>
        </div>
        {can(viewer.role, 'tickets:create') && (
          <NewTicketDialog
            open={creating}
            onOpenChange={setCreating}
            viewer={viewer}
            onCreated={openTicket}
            trigger={
              <Button className="self-start">
                <Plus aria-hidden className="size-4" />
                New ticket
              </Button>
            }
          />
        )}
      </header>

      {search.ticket ? (
        <>
          <Link to={path} search={ticketFilterOf(search)} className={buttonClass('ghost', 'self-start px-2')}>
            <ArrowLeft aria-hidden className="size-4" />
            Back to tickets
          </Link>
          <TicketDetailView key={search.ticket} ticketId={search.ticket} viewer={viewer} />
        </>
      ) : (
        <>
          {mode === 'queue' && agent && <TicketStatsPanel />}
          <TicketList
            path={path}
            filter={filter}
            search={search}
            onFilterChange={(next) => onSearchChange(next, { replace: true })}
            agent={agent}
            queue={mode === 'queue'}
            viewer={viewer}
          />
        </>
      )}
    </div>
  );
}

function TicketList({
  path,
  filter,
  search,
  onFilterChange,
  agent,
  queue,
  viewer,
}: {
  path: TicketsPath;
  filter: TicketFilter;
  search: TicketsSearch;
  onFilterChange: (filter: TicketFilter) => void;
  agent: boolean;
  queue: boolean;
  viewer: TicketViewer;
}) {
  const listing = usePagedListing(ticketsListing, { filter, onFilterChange });
  // The same query, observed for what the listing hook leaves out: a first page that failed, Retry.
  const query = useInfiniteQuery(ticketsQueryOptions(filter));
  const { form, offline } = listing;
  const now = useNow();
  const waiting = useWaitingTickets();

  const draftQ = (form.draft.q ?? '').trim();
  const committedQ = filter.q ?? '';
  const commit = (patch: TicketFilter) =>
    onFilterChange(filterSearchParams(ticketsListing, { ...filter, q: draftQ, ...patch }));
  const commitSearch = useEffectEvent((q: string) => commit({ q }));
  useEffect(() => {
    if (draftQ === committedQ) return;
    const timer = setTimeout(() => commitSearch(draftQ), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draftQ, committedQ]);

  const items = listing.items;
  const filtered = isFiltered(filter) || Boolean(draftQ);
  const nothingSaved = offline && listing.savedAt === undefined;
  const firstLoadFailed = query.isError && !query.data && !offline;

  return (
    <section aria-label="Tickets" className="flex flex-col gap-4">
      {waiting.length > 0 && (
        <div className="flex flex-col gap-2">
          <h2 className="text-base font-bold">Not sent yet</h2>
          <ul className="flex flex-col gap-2" aria-label="Tickets not sent yet">
            {waiting.map(({ entry, body, refused }) => (
              <li
                key={entry.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm dark:border-amber-700 dark:bg-amber-950/40"
              >
                <span className="min-w-0 font-semibold break-words">{body.subject}</span>
                {refused ? (
                  <span className="text-red-800 dark:text-red-300">
                    Not sent: {entry.lastError?.message ?? 'the server refused it.'} See “Needs attention” in
                    the outbox.
                  </span>
                ) : (
                  <WaitingBadge />
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      <TicketFilters
        filter={filter}
        q={form.draft.q ?? ''}
        onQ={(q) => form.setField('q', q)}
        onSubmit={() => commit({})}
        onChange={commit}
        agent={agent}
        queue={queue}
      />

      <div className="flex flex-wrap items-center justify-between gap-2">
        <ListingStatus
          count={firstLoadFailed || nothingSaved ? undefined : listing.count}
          nouns={nouns}
          loadingText={firstLoadFailed || nothingSaved ? 'Tickets not loaded' : 'Loading tickets...'}
          updating={listing.updating}
        />
        {filtered && (
          <Button variant="ghost" onClick={form.reset}>
            <X aria-hidden className="size-4" />
            Clear filters
          </Button>
        )}
      </div>

      {offline && items !== undefined && <OfflineListNote savedAt={listing.savedAt} />}

      {firstLoadFailed ? (
        <FirstLoadFailed
          error={query.error}
          fallback="The tickets could not be loaded."
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : items === undefined ? (
        <CardGridSkeleton
          label="Loading tickets"
          lines={['h-4 w-16', 'h-5 w-2/3', 'h-4 w-1/2']}
          fetchStatus={query.fetchStatus}
        />
      ) : nothingSaved ? null : items.length === 0 ? (
        <Card className="flex flex-col items-start gap-3">
          <Inbox aria-hidden className="size-8 text-brand-600 dark:text-brand-100" />
          {filtered ? (
            <>
              <p className="font-semibold">No tickets match these filters.</p>
              <Button variant="secondary" onClick={form.reset}>
                Clear filters
              </Button>
            </>
          ) : (
            <p className="font-semibold">
              {queue
                ? 'No tickets yet. When members ask for help, their tickets arrive here.'
                : 'No tickets yet. Ask a question or report a problem with New ticket.'}
            </p>
          )}
        </Card>
      ) : (
        <ul aria-label="Ticket list" className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {items.map((ticket) => (
            <li key={ticket.id}>
              <TicketCard
                ticket={ticket}
                path={path}
                search={search}
                agent={agent}
                crossNgo={viewer.role === 'SUPER_ADMIN'}
                viewerId={viewer.id}
                now={now}
              />
            </li>
          ))}
        </ul>
      )}

      {listing.more === 'idle' ? (
        <Button variant="secondary" className="self-center" onClick={listing.loadMore}>
          Load more tickets
        </Button>
      ) : (
        listing.more !== 'narrowed' && (
          <MoreRow more={listing.more} nouns={nouns} onRetry={listing.loadMore} />
        )
      )}
    </section>
  );
}
