import { Card } from '@/components/ui/card';
import { getStoredRole } from '@/lib/session';
import { can } from '@contract/permissions';
import { OfflineStorageSection } from './offline-storage-section';
import { PhoneSection } from './phone-section';
import { PlanSection } from './plan-section';

/**
 * Account settings: the plan and payments (for those the server shows them to), the member's phone for
 * text messages and offline storage.
 */
export function AccountSettingsScreen() {
  const role = getStoredRole();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Account Settings</h1>
      {can(role, 'billing:read') ? (
        <PlanSection canManagePlan={can(role, 'billing:checkout')} />
      ) : (
        <Card className="text-sm text-slate-600 dark:text-slate-300">
          Your organisation&apos;s NGO admin manages its plan and payments.
        </Card>
      )}
      <PhoneSection />
      <OfflineStorageSection />
      <Card className="text-sm text-slate-600 dark:text-slate-300">
        Profile, password and other notification settings are not available yet; they are part of an upcoming
        release.
      </Card>
    </div>
  );
}
