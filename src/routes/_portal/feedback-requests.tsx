import { createFileRoute } from '@tanstack/react-router';
import { can } from '@contract/permissions';
import { ticketQueryOptions } from '@/features/tickets/api/get-ticket';
import { ticketsQueryOptions } from '@/features/tickets/api/get-tickets';
import { TicketsScreen } from '@/features/tickets/components/tickets-screen';
import { ticketFilterOf, ticketsSearch } from '@/features/tickets/tickets-search';
import { displayName, getStoredRole, getStoredUser } from '@/lib/session';

export const Route = createFileRoute('/_portal/feedback-requests')({
  validateSearch: (search: Record<string, unknown>) => ticketsSearch.parse(search),
  loaderDeps: ({ search }) => ({ filter: ticketFilterOf(search), ticket: search.ticket }),
  // Warm, never wait: the screen shows its skeletons (or what this device kept, offline).
  loader: ({ context, deps }) => {
    const { queryClient } = context;
    const ignore = () => undefined;
    if (!can(getStoredRole(), 'tickets:read')) return;
    if (deps.ticket) void queryClient.query(ticketQueryOptions(deps.ticket)).catch(ignore);
    else void queryClient.infiniteQuery(ticketsQueryOptions(deps.filter)).catch(ignore);
  },
  component: TicketsAndRequestsPage,
});

function TicketsAndRequestsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = getStoredUser();
  // A convenience only: the server checks the role and the organisation on every request.
  const viewer = { id: user?.id ?? '', name: displayName(user), role: getStoredRole() };
  return (
    <TicketsScreen
      mode="requests"
      search={search}
      onSearchChange={(next, options) =>
        void navigate({ search: next, replace: options?.replace, resetScroll: !options?.replace })
      }
      viewer={viewer}
    />
  );
}
