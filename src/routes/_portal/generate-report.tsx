import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/generate-report')({
  component: GenerateAReportPage,
});

function GenerateAReportPage() {
  return <NotAvailableYet title="Generate a report" />;
}
