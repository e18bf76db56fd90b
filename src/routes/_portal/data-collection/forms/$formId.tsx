import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/data-collection/forms/$formId')({
  component: FormBuilderPage,
});

function FormBuilderPage() {
  return <NotAvailableYet title="Form builder" />;
}
