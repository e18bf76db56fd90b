import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/dashboard')({
  component: DashboardPage,
});

function DashboardPage() {
  return <NotAvailableYet title="Dashboard" />;
}
