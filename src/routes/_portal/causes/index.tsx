import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/causes/')({
  component: FundraisePage,
});

function FundraisePage() {
  return <NotAvailableYet title="Fundraise" />;
}
