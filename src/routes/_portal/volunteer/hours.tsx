import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/volunteer/hours')({
  component: ApprovedHoursPage,
});

function ApprovedHoursPage() {
  return <NotAvailableYet title="Approved Hours" />;
}
