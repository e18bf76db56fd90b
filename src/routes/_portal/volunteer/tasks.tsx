import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/volunteer/tasks')({
  component: AssignedTasksPage,
});

function AssignedTasksPage() {
  return <NotAvailableYet title="Assigned Tasks" />;
}
