import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/api-usage')({
  component: ApiUsagePage,
});

function ApiUsagePage() {
  return <NotAvailableYet title="API Usage" />;
}
