import { describe, expect, it } from 'vitest';
import { composeOfflinePolicy } from '@/lib/offline-registration';
import { responsesQueryKeys } from './api/query-keys';
import { formResponsesOffline } from './offline';

describe('what the responses screen keeps for reading offline', () => {
  const policy = composeOfflinePolicy([formResponsesOffline]);

  it('keeps every form’s unfiltered list, and counts filtered ones among the newest few', () => {
    expect(policy.isPersistableKey(responsesQueryKeys.pages('F1', {}))).toBe(true);
    expect(policy.isFilteredList(responsesQueryKeys.pages('F1', {}))).toBe(false);
    expect(policy.isFilteredList(responsesQueryKeys.pages('F1', { reviewStatus: 'approved' }))).toBe(true);
    expect(policy.isFilteredList(responsesQueryKeys.summary('F1', {}))).toBe(false);
  });

  it('keeps each response opened, with its history', () => {
    expect(policy.isPersistableKey(responsesQueryKeys.detail('F1', 'S1'))).toBe(true);
    expect(policy.isPersistableKey(responsesQueryKeys.history('F1', 'S1'))).toBe(true);
  });
});
