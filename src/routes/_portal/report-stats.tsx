import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/report-stats')({
  component: ReportStatsPage,
});

function ReportStatsPage() {
  return <NotAvailableYet title="Report Stats" />;
}
