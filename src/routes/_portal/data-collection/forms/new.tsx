import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/data-collection/forms/new')({
  component: NewFormPage,
});

function NewFormPage() {
  return <NotAvailableYet title="New form" />;
}
