import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/grants/$id')({
  component: GrantDetailsPage,
});

function GrantDetailsPage() {
  return <NotAvailableYet title="Grant details" />;
}
