import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/causes/edit/$causeId')({
  component: EditCausePage,
});

function EditCausePage() {
  return <NotAvailableYet title="Edit cause" />;
}
