import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/reporting-tool')({
  component: AiAssistantPage,
});

function AiAssistantPage() {
  return <NotAvailableYet title="AI Assistant" />;
}
