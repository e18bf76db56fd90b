import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/feedback-requests')({
  component: TicketsAndRequestsPage,
});

function TicketsAndRequestsPage() {
  return <NotAvailableYet title="Tickets and Requests" />;
}
