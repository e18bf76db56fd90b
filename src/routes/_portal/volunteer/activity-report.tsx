import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/volunteer/activity-report')({
  component: SubmitActivityReportPage,
});

function SubmitActivityReportPage() {
  return <NotAvailableYet title="Submit Activity Report" />;
}
