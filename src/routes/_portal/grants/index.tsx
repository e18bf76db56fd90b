import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/grants/')({
  component: LatestGrantsPage,
});

function LatestGrantsPage() {
  return <NotAvailableYet title="Latest Grants" />;
}
