import { createFileRoute } from '@tanstack/react-router';
import { getDashboardSummaryQueryOptions } from '@/features/dashboard/api/get-dashboard-summary';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';

export const Route = createFileRoute('/_portal/dashboard')({
  // Warm the cache without awaiting it: offline, a stale fetch pauses instead of failing, and an
  // awaited loader would hold the route on 'Loading...' even with the persisted summary at hand.
  // The screen shows its own skeleton and error state; prefetchQuery never throws.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(getDashboardSummaryQueryOptions());
  },
  component: DashboardPage,
});

function DashboardPage() {
  return <DashboardScreen />;
}
