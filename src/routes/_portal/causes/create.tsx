import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/causes/create')({
  component: CreateACausePage,
});

function CreateACausePage() {
  return <NotAvailableYet title="Create a cause" />;
}
