import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/marketing/followup')({
  component: MarketingFollowUpPage,
});

function MarketingFollowUpPage() {
  return <NotAvailableYet title="Marketing follow-up" />;
}
