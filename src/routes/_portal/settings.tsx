import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/settings')({
  component: AccountSettingsPage,
});

function AccountSettingsPage() {
  return <NotAvailableYet title="Account Settings" />;
}
