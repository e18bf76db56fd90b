import { describe, expect, it } from 'vitest';
import { composeOfflinePolicy } from '@/lib/offline-registration';
import { offlineFeatures } from '@/offline-features';
import { campaignsQueryKeys } from './api/query-keys';
import { campaignQueryOptions } from './api/get-campaign';
import { campaignRecipientsQueryOptions } from './api/get-campaign-recipients';
import { campaignsQueryOptions } from './api/get-campaigns';
import { ngosQueryOptions } from './api/get-ngos';
import { campaignsOffline } from './offline';

const policy = composeOfflinePolicy([campaignsOffline]);

describe('Send Notification’s offline registration', () => {
  it('keeps the lists seen and the reports opened, not recipients, audiences or organisations', () => {
    for (const key of [
      campaignsQueryOptions().queryKey,
      campaignsQueryOptions({ status: 'sent' }).queryKey,
      campaignQueryOptions('c1').queryKey,
    ])
      expect(policy.isPersistableKey(key), JSON.stringify(key)).toBe(true);
    for (const key of [
      campaignRecipientsQueryOptions('c1', {}).queryKey,
      campaignsQueryKeys.audience({ segment: { kind: 'newsletter' }, channels: ['email'] }),
      ngosQueryOptions().queryKey,
    ])
      expect(policy.isPersistableKey(key), JSON.stringify(key)).toBe(false);
  });

  it('counts a status filter among the few kept, never the whole list', () => {
    expect(policy.isFilteredList(campaignsQueryOptions({ status: 'scheduled' }).queryKey)).toBe(true);
    expect(policy.isFilteredList(campaignsQueryOptions({}).queryKey)).toBe(false);
  });

  it('is registered with the app’s persistence policy', () => {
    expect(offlineFeatures).toContain(campaignsOffline);
  });
});
