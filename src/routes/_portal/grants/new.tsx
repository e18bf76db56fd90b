import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/grants/new')({
  component: AddAGrantPage,
});

function AddAGrantPage() {
  return <NotAvailableYet title="Add a grant" />;
}
