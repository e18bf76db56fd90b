import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/team-chat')({
  component: TeamChatPage,
});

function TeamChatPage() {
  return <NotAvailableYet title="Team Chat" />;
}
