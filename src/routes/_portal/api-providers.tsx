import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/api-providers')({
  component: ApiProvidersPage,
});

function ApiProvidersPage() {
  return <NotAvailableYet title="API Providers" />;
}
