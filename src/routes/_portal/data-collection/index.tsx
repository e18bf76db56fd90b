import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/data-collection/')({
  component: CollectDataPage,
});

function CollectDataPage() {
  return <NotAvailableYet title="Collect Data" />;
}
