import { describe, expect, it } from 'vitest';
import { composeOfflinePolicy } from '@/lib/offline-registration';
import { getNotificationsQueryOptions } from './api/get-notifications';
import { notificationsOffline } from './offline';

describe('the bell’s offline registration', () => {
  it('keeps the list of notifications', () => {
    const policy = composeOfflinePolicy([notificationsOffline]);
    expect(policy.isPersistableKey(getNotificationsQueryOptions().queryKey)).toBe(true);
    expect(policy.isPersistableKey(['notifications', 'mark-read'])).toBe(false);
  });
});
