import { createFileRoute } from '@tanstack/react-router';
import { can } from '@contract/permissions';
import { ticketQueryOptions } from '@/features/tickets/api/get-ticket';
import { ticketStatsQueryOptions } from '@/features/tickets/api/get-ticket-stats';
import { ticketsQueryOptions } from '@/features/tickets/api/get-tickets';
import { OnlyAgents } from '@/features/tickets/components/only-agents';
import { TicketsScreen } from '@/features/tickets/components/tickets-screen';
import { ticketFilterOf, ticketsSearch } from '@/features/tickets/tickets-search';
import { displayName, getStoredRole, getStoredUser } from '@/lib/session';

export const Route = createFileRoute('/_portal/admin/all-tickets')({
  validateSearch: (search: Record<string, unknown>) => ticketsSearch.parse(search),
  loaderDeps: ({ search }) => ({ filter: ticketFilterOf(search), ticket: search.ticket }),
  // Warm, never wait: the screen shows its skeletons. Only an agent's queue is asked.
  loader: ({ context, deps }) => {
    const { queryClient } = context;
    const ignore = () => undefined;
    if (!can(getStoredRole(), 'tickets:work')) return;
    if (deps.ticket) void queryClient.query(ticketQueryOptions(deps.ticket)).catch(ignore);
    else {
      void queryClient.infiniteQuery(ticketsQueryOptions(deps.filter)).catch(ignore);
      void queryClient.query(ticketStatsQueryOptions()).catch(ignore);
    }
  },
  component: AllTicketsFeedbackPage,
});

function AllTicketsFeedbackPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = getStoredUser();
  const viewer = { id: user?.id ?? '', name: displayName(user), role: getStoredRole() };
  // A convenience only: the server refuses the queue's requests to anyone else.
  if (!can(viewer.role, 'tickets:work')) return <OnlyAgents />;
  return (
    <TicketsScreen
      mode="queue"
      search={search}
      onSearchChange={(next, options) =>
        void navigate({ search: next, replace: options?.replace, resetScroll: !options?.replace })
      }
      viewer={viewer}
    />
  );
}
