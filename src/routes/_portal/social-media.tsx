import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/social-media')({
  component: ManageSocialMediaPage,
});

function ManageSocialMediaPage() {
  return <NotAvailableYet title="Manage Social Media" />;
}
