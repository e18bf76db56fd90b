import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/admin/bulk-email')({
  component: SendNotificationPage,
});

function SendNotificationPage() {
  return <NotAvailableYet title="Send Notification" />;
}
