import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/marketing/')({
  component: MarketingPage,
});

function MarketingPage() {
  return <NotAvailableYet title="Marketing" />;
}
