import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/generate-policy')({
  component: GenerateAPolicyPage,
});

function GenerateAPolicyPage() {
  return <NotAvailableYet title="Generate a policy" />;
}
