import { afterEach, describe, expect, it } from 'vitest';
import { composeOfflinePolicy } from '@/lib/offline-registration';
import { chatQueryKeys } from './api/query-keys';
import { composerDrafts, readDraft, saveDraft } from './composer-drafts';
import { chatOffline } from './offline';

const policy = composeOfflinePolicy([chatOffline]);

afterEach(() => localStorage.clear());

describe('Team Chat’s offline registration', () => {
  it('keeps the list, the people, the unread counts and the histories; not searches, threads or browsing', () => {
    for (const key of [
      chatQueryKeys.conversations(),
      chatQueryKeys.people(),
      chatQueryKeys.unread(),
      chatQueryKeys.history('c1'),
    ])
      expect(policy.isPersistableKey(key), JSON.stringify(key)).toBe(true);
    for (const key of [chatQueryKeys.search('x'), chatQueryKeys.thread('c1', 'm1'), chatQueryKeys.browse()])
      expect(policy.isPersistableKey(key), JSON.stringify(key)).toBe(false);
  });

  it('counts each history among the few filtered lists kept, the conversation list never', () => {
    expect(policy.isFilteredList(chatQueryKeys.history('c1'))).toBe(true);
    expect(policy.isFilteredList(chatQueryKeys.conversations())).toBe(false);
  });

  it('keeps drafts per user and conversation, and wipes one user’s at logout', async () => {
    saveDraft('grace', 'c1', 'half');
    saveDraft('grace', 'c2', 'other');
    saveDraft('ann', 'c1', 'hers');
    saveDraft('grace', 'c3', '   ');
    expect(readDraft('grace', 'c1')).toBe('half');
    expect(await composerDrafts.countUnsent('grace')).toBe(2);
    await composerDrafts.clear('grace');
    expect(readDraft('grace', 'c1')).toBe('');
    expect(readDraft('ann', 'c1')).toBe('hers');
    expect(chatOffline.userData).toContain(composerDrafts);
  });
});
