import { createFileRoute } from '@tanstack/react-router';
import { getPaymentHistoryQueryOptions } from '@/features/settings/api/get-payment-history';
import { getSubscriptionQueryOptions } from '@/features/settings/api/get-subscription';
import { can } from '@contract/permissions';
import { AccountSettingsScreen } from '@/features/settings/components/account-settings-screen';
import { getStoredRole } from '@/lib/session';

export const Route = createFileRoute('/_portal/settings')({
  // Warm, never wait: each section shows its skeleton. Only roles the server answers are asked.
  loader: ({ context }) => {
    if (!can(getStoredRole(), 'billing:read')) return;
    void context.queryClient.query(getSubscriptionQueryOptions()).catch(() => undefined);
    void context.queryClient.query(getPaymentHistoryQueryOptions()).catch(() => undefined);
  },
  component: AccountSettingsPage,
});

function AccountSettingsPage() {
  return <AccountSettingsScreen />;
}
