import { describe, expect, it } from 'vitest';
import { composeOfflinePolicy } from '@/lib/offline-registration';
import { hoursSummaryQueryOptions } from './api/get-hours-summary';
import { hoursVolunteersQueryOptions } from './api/get-hours-volunteers';
import { reportsQueryOptions } from './api/get-reports';
import { taskOptionsQueryOptions } from './api/get-task-options';
import { activityQueryKeys } from './api/query-keys';
import { activityOffline } from './offline';

const policy = composeOfflinePolicy([activityOffline]);

describe('activity offline registration', () => {
  it('keeps the reports, the review queue, the hours and the task options for reading offline', () => {
    for (const key of [
      reportsQueryOptions().queryKey,
      reportsQueryOptions({ status: 'pending' }).queryKey,
      hoursSummaryQueryOptions().queryKey,
      hoursVolunteersQueryOptions().queryKey,
      taskOptionsQueryOptions().queryKey,
    ])
      expect(policy.isPersistableKey(key), JSON.stringify(key)).toBe(true);
    // A history is asked fresh when opened; thumbnails are object URLs of this page only.
    expect(policy.isPersistableKey(activityQueryKeys.history('r1'))).toBe(false);
    expect(policy.isPersistableKey(activityQueryKeys.thumbnail('f1'))).toBe(false);
  });

  it('counts the review queue among the few filtered lists, never the unfiltered list', () => {
    expect(policy.isFilteredList(reportsQueryOptions({ status: 'pending' }).queryKey)).toBe(true);
    expect(policy.isFilteredList(reportsQueryOptions({ status: undefined }).queryKey)).toBe(false);
  });
});
