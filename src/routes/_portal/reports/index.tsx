import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/reports/')({
  component: ReportsPage,
});

function ReportsPage() {
  return <NotAvailableYet title="Reports" />;
}
