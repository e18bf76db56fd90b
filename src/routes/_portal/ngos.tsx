import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/ngos')({
  component: NgosPage,
});

function NgosPage() {
  return <NotAvailableYet title="NGOs" />;
}
