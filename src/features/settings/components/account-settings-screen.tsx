import { Card } from '@/components/ui/card';
import { OfflineStorageSection } from './offline-storage-section';

/** Account settings: today only the device's offline storage; the rest is said to be coming. */
export function AccountSettingsScreen() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Account Settings</h1>
      <OfflineStorageSection />
      <Card className="text-sm text-slate-600 dark:text-slate-300">
        Profile, password and notification settings are not available yet; they are part of an upcoming
        release.
      </Card>
    </div>
  );
}
