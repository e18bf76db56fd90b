import { describe, expect, it } from 'vitest';
import { composeOfflinePolicy } from '@/lib/offline-registration';
import { tasksQueryOptions } from './api/get-tasks';
import { volunteersQueryOptions } from './api/get-volunteers';
import { tasksOffline } from './offline';

const policy = composeOfflinePolicy([tasksOffline]);

describe('the tasks screen’s offline registration', () => {
  it('keeps the task lists and calendar months seen, and the volunteers to assign', () => {
    for (const key of [
      tasksQueryOptions().queryKey,
      tasksQueryOptions({ status: 'open' }).queryKey,
      tasksQueryOptions({ from: '2030-04-29', to: '2030-06-02' }).queryKey,
      volunteersQueryOptions().queryKey,
    ])
      expect(policy.isPersistableKey(key), JSON.stringify(key)).toBe(true);
  });

  it('counts a filtered list or a month among the few filtered lists kept, never the whole list', () => {
    expect(policy.isFilteredList(tasksQueryOptions({ from: '2030-04-29', to: '2030-06-02' }).queryKey)).toBe(
      true,
    );
    expect(policy.isFilteredList(tasksQueryOptions({ status: undefined }).queryKey)).toBe(false);
  });
});
