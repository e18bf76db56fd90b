import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/staff-management')({
  component: StaffManagementPage,
});

function StaffManagementPage() {
  return <NotAvailableYet title="Staff Management" />;
}
