import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/storage')({
  component: CloudStoragePage,
});

function CloudStoragePage() {
  return <NotAvailableYet title="Cloud Storage" />;
}
