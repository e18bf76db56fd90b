import { createFileRoute } from '@tanstack/react-router';
import { can } from '@contract/permissions';
import { parseActivityReportSearch } from '@/features/activity/activity-search';
import { reportsQueryOptions } from '@/features/activity/api/get-reports';
import { hoursVolunteersQueryOptions } from '@/features/activity/api/get-hours-volunteers';
import { taskOptionsQueryOptions } from '@/features/activity/api/get-task-options';
import { ActivityReportScreen } from '@/features/activity/components/activity-report-screen';
import { displayName, getStoredRole, getStoredUser } from '@/lib/session';

export const Route = createFileRoute('/_portal/volunteer/activity-report')({
  validateSearch: (search: Record<string, unknown>) => parseActivityReportSearch(search),
  loaderDeps: ({ search }) => ({ search }),
  // Warm, never wait: the screen shows its skeletons. Only what the role may read is asked.
  loader: ({ context, deps }) => {
    const { queryClient } = context;
    const role = getStoredRole();
    const ignore = () => undefined;
    if (!can(role, 'activity:read')) return;
    if (can(role, 'activity:submit')) {
      void queryClient.infiniteQuery(reportsQueryOptions()).catch(ignore);
      void queryClient.query(taskOptionsQueryOptions()).catch(ignore);
      return;
    }
    void queryClient.infiniteQuery(reportsQueryOptions(deps.search)).catch(ignore);
    if (can(role, 'hours:read')) void queryClient.query(hoursVolunteersQueryOptions()).catch(ignore);
  },
  component: ActivityReportPage,
});

function ActivityReportPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = getStoredUser();
  // A convenience only: the server checks the role and the organisation on every request.
  const viewer = { id: user?.id ?? '', role: getStoredRole(), name: displayName(user) };
  return (
    <ActivityReportScreen
      search={search}
      onSearchChange={(patch) =>
        void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true, resetScroll: false })
      }
      viewer={viewer}
    />
  );
}
