import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/analytics')({
  component: AnalyticsPage,
});

function AnalyticsPage() {
  return <NotAvailableYet title="Analytics" />;
}
