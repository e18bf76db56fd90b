import { createFileRoute } from '@tanstack/react-router';
import { can } from '@contract/permissions';
import { invitesQueryOptions } from '@/features/members/api/get-invites';
import { membersQueryOptions } from '@/features/members/api/get-members';
import { seatsQueryOptions } from '@/features/members/api/get-seats';
import { StaffManagementScreen } from '@/features/members/components/staff-management-screen';
import { memberFilterOf, staffSearch } from '@/features/members/members-filter';
import { getStoredRole, getStoredUser } from '@/lib/session';

export const Route = createFileRoute('/_portal/staff-management')({
  validateSearch: (search: Record<string, unknown>) => staffSearch.parse(search),
  loaderDeps: ({ search }) => ({ filter: memberFilterOf(search), invitations: search.tab === 'invitations' }),
  // Warm, never wait: the screen shows its skeletons. Only what the role may read is asked.
  loader: ({ context, deps }) => {
    const { queryClient } = context;
    const role = getStoredRole();
    const ignore = () => undefined;
    if (!can(role, 'members:read')) return;
    void queryClient.infiniteQuery(membersQueryOptions(deps.filter)).catch(ignore);
    if (!can(role, 'members:manage')) return;
    void queryClient.query(seatsQueryOptions()).catch(ignore);
    if (deps.invitations) void queryClient.infiniteQuery(invitesQueryOptions()).catch(ignore);
  },
  component: StaffManagementPage,
});

function StaffManagementPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // A convenience only: the server checks the role and the organisation on every request.
  const viewer = { id: getStoredUser()?.id ?? '', role: getStoredRole() };
  return (
    <StaffManagementScreen
      search={search}
      onSearchChange={(patch, options) =>
        void navigate({
          search: (prev) => ({ ...prev, ...patch }),
          replace: options?.replace,
          resetScroll: false,
        })
      }
      viewer={viewer}
    />
  );
}
