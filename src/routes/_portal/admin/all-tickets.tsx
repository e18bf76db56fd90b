import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/admin/all-tickets')({
  component: AllTicketsFeedbackPage,
});

function AllTicketsFeedbackPage() {
  return <NotAvailableYet title="All Tickets & Feedback" />;
}
