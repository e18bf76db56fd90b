import { createFileRoute } from '@tanstack/react-router';
import { can } from '@contract/permissions';
import { tasksQueryOptions } from '@/features/tasks/api/get-tasks';
import { volunteersQueryOptions } from '@/features/tasks/api/get-volunteers';
import { monthOf, monthWeeks } from '@/features/tasks/calendar-month';
import { TasksScreen } from '@/features/tasks/components/tasks-screen';
import { tasksFilterOf, tasksSearch } from '@/features/tasks/tasks-search';
import { todayCalendarDate } from '@/lib/calendar-date';
import { getStoredRole, getStoredUser } from '@/lib/session';

export const Route = createFileRoute('/_portal/volunteer/tasks')({
  validateSearch: (search: Record<string, unknown>) => tasksSearch.parse(search),
  loaderDeps: ({ search }) => ({
    filter: tasksFilterOf(
      search,
      search.view === 'calendar' ? monthWeeks(search.month ?? monthOf(todayCalendarDate())) : undefined,
    ),
  }),
  // Warm, never wait: the screen shows its skeletons. Only what the role may read is asked.
  loader: ({ context, deps }) => {
    const { queryClient } = context;
    const role = getStoredRole();
    const ignore = () => undefined;
    if (!can(role, 'tasks:read')) return;
    void queryClient.query(tasksQueryOptions(deps.filter)).catch(ignore);
    if (can(role, 'tasks:manage')) void queryClient.query(volunteersQueryOptions()).catch(ignore);
  },
  component: AssignedTasksPage,
});

function AssignedTasksPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // A convenience only: the server checks the role and the organisation on every request.
  const viewer = { id: getStoredUser()?.id ?? '', role: getStoredRole() };
  return (
    <TasksScreen
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
