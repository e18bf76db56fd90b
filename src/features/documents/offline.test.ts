import { describe, expect, it } from 'vitest';
import { composeOfflinePolicy } from '@/lib/offline-registration';
import { documentsQueryOptions } from './api/get-documents';
import { documentsQueryKeys } from './api/query-keys';
import { documentsOffline } from './offline';

const policy = composeOfflinePolicy([documentsOffline]);

describe('the certificates screen’s offline registration', () => {
  it('keeps the lists of documents seen, so a volunteer finds their code offline', () => {
    expect(policy.isPersistableKey(documentsQueryOptions().queryKey)).toBe(true);
    expect(policy.isPersistableKey(documentsQueryOptions({ kind: 'letter' }).queryKey)).toBe(true);
    expect(policy.isFilteredList(documentsQueryOptions({ q: 'grace' }).queryKey)).toBe(true);
    expect(policy.isFilteredList(documentsQueryOptions().queryKey)).toBe(false);
  });

  it('keeps neither a public verification nor the admin’s settings', () => {
    expect(policy.isPersistableKey(documentsQueryKeys.verification('ABCDE1234E'))).toBe(false);
    expect(policy.isPersistableKey(documentsQueryKeys.settings())).toBe(false);
  });
});
