import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/users')({
  component: UsersPage,
});

function UsersPage() {
  return <NotAvailableYet title="Users" />;
}
