import { createFileRoute } from '@tanstack/react-router';
import { AccountSettingsScreen } from '@/features/settings/components/account-settings-screen';

export const Route = createFileRoute('/_portal/settings')({
  component: AccountSettingsPage,
});

function AccountSettingsPage() {
  return <AccountSettingsScreen />;
}
