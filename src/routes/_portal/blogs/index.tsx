import { createFileRoute, redirect } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';
import { getStoredRole } from '@/lib/session';

export const Route = createFileRoute('/_portal/blogs/')({
  // SPEC §2: the management list is for SUPER_ADMIN; anyone else is sent to /.
  beforeLoad: () => {
    if (getStoredRole() !== 'SUPER_ADMIN') throw redirect({ to: '/' });
  },
  component: BlogManagementPage,
});

function BlogManagementPage() {
  return <NotAvailableYet title="Blog management" />;
}
