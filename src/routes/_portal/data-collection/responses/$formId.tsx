import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/data-collection/responses/$formId')({
  component: FormResponsesPage,
});

function FormResponsesPage() {
  return <NotAvailableYet title="Form responses" />;
}
