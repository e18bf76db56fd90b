import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/policy-view/$policyId')({
  component: PolicyPage,
});

function PolicyPage() {
  return <NotAvailableYet title="Policy" />;
}
