import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/chat-with-ai')({
  component: EntrepriseAiPage,
});

function EntrepriseAiPage() {
  return <NotAvailableYet title="Entreprise AI" />;
}
