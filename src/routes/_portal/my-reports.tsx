import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/my-reports')({
  component: MyReportsPage,
});

function MyReportsPage() {
  return <NotAvailableYet title="My reports" />;
}
