import { createFileRoute } from '@tanstack/react-router';
import { can } from '@contract/permissions';
import { parseHoursSearch } from '@/features/activity/activity-search';
import { hoursSummaryQueryOptions } from '@/features/activity/api/get-hours-summary';
import { reportsQueryOptions } from '@/features/activity/api/get-reports';
import { HoursScreen } from '@/features/activity/components/hours-screen';
import { getStoredRole, getStoredUser } from '@/lib/session';

export const Route = createFileRoute('/_portal/volunteer/hours')({
  validateSearch: (search: Record<string, unknown>) => parseHoursSearch(search),
  // Warm, never wait: the screen shows its skeletons. Only what the role may read is asked.
  loader: ({ context }) => {
    const { queryClient } = context;
    const role = getStoredRole();
    const ignore = () => undefined;
    if (!can(role, 'hours:read')) return;
    void queryClient.query(hoursSummaryQueryOptions()).catch(ignore);
    if (can(role, 'activity:review'))
      void queryClient.infiniteQuery(reportsQueryOptions({ status: 'pending' })).catch(ignore);
  },
  component: ApprovedHoursPage,
});

function ApprovedHoursPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const viewer = { id: getStoredUser()?.id ?? '', role: getStoredRole() };
  return (
    <HoursScreen
      search={search}
      onSearchChange={(patch) =>
        void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true, resetScroll: false })
      }
      viewer={viewer}
    />
  );
}
