import { dashboardKindForRole } from '@/config/nav';
import { displayName, getStoredRole, getStoredUser } from '@/lib/session';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { AdminDashboard } from './admin-dashboard';
import { DashboardError } from './dashboard-error';
import { DashboardSkeleton } from './dashboard-skeleton';
import { UserDashboard } from './user-dashboard';
import { VolunteerDashboard } from './volunteer-dashboard';

/** Picks the dashboard by the stored role (SPEC §2); the figures come from one summary call. */
export function DashboardScreen() {
  const user = getStoredUser();
  const role = getStoredRole();
  const kind = dashboardKindForRole(role);
  const summaryQuery = useDashboardSummary();
  const summary = summaryQuery.data;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold wrap-anywhere text-slate-900 sm:text-3xl dark:text-white">
          Welcome back, {displayName(user)}
        </h1>
        {summary && (
          <p data-testid="ngo-name" className="text-base text-slate-600 dark:text-slate-300">
            {summary.ngo.name}
          </p>
        )}
      </header>

      {summary ? (
        kind === 'volunteer' ? (
          <VolunteerDashboard summary={summary} />
        ) : kind === 'admin' ? (
          <AdminDashboard summary={summary} />
        ) : (
          <UserDashboard summary={summary} role={role} />
        )
      ) : summaryQuery.isError ? (
        <DashboardError
          error={summaryQuery.error}
          onRetry={() => void summaryQuery.refetch()}
          retrying={summaryQuery.isFetching}
        />
      ) : (
        <LoadingOrOffline fetchStatus={summaryQuery.fetchStatus}>
          <DashboardSkeleton />
        </LoadingOrOffline>
      )}
    </div>
  );
}
