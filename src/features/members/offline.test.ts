import { describe, expect, it } from 'vitest';
import { composeOfflinePolicy } from '@/lib/offline-registration';
import { invitesQueryOptions } from './api/get-invites';
import { membersQueryOptions } from './api/get-members';
import { seatsQueryOptions } from './api/get-seats';
import { membersQueryKeys } from './api/query-keys';
import { membersOffline } from './offline';

const policy = composeOfflinePolicy([membersOffline]);

describe('the staff screen’s offline registration', () => {
  it('keeps the members, the invitations and the seats seen, never an invitation link’s lookup', () => {
    for (const key of [
      membersQueryOptions().queryKey,
      membersQueryOptions({ role: 'STAFF' }).queryKey,
      invitesQueryOptions().queryKey,
      seatsQueryOptions().queryKey,
    ])
      expect(policy.isPersistableKey(key), JSON.stringify(key)).toBe(true);
    expect(policy.isPersistableKey(membersQueryKeys.lookup('tok_0123456789'))).toBe(false);
  });

  it('counts a searched or filtered list among the few filtered lists kept, never the whole one', () => {
    expect(policy.isFilteredList(membersQueryOptions({ q: 'amina' }).queryKey)).toBe(true);
    expect(policy.isFilteredList(membersQueryOptions({}).queryKey)).toBe(false);
  });
});
