import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/causes/$causeId')({
  component: CausePage,
});

function CausePage() {
  return <NotAvailableYet title="Cause" />;
}
