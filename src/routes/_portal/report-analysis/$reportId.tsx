import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/report-analysis/$reportId')({
  component: ReportAnalysisPage,
});

function ReportAnalysisPage() {
  return <NotAvailableYet title="Report analysis" />;
}
