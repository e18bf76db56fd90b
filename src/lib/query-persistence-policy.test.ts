import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { composeOfflinePolicy } from './offline-registration';
import {
  createShouldPersistQuery,
  MAX_PERSISTED_FILTERED_LISTS,
  PERSIST_BUSTER,
  PERSIST_MAX_AGE_MS,
} from './query-persistence-policy';
import { createQueryClient } from './query-client';

describe('persisted query cache policy', () => {
  it('keeps a week, and queries stay in memory at least as long (Known trap)', () => {
    expect(PERSIST_MAX_AGE_MS).toBe(7 * 24 * 60 * 60 * 1000);
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.gcTime).toBeGreaterThanOrEqual(PERSIST_MAX_AGE_MS);
    expect(client.getDefaultOptions().queries?.networkMode).toBe('offlineFirst');
  });

  it('is busted by the build version', () => {
    expect(PERSIST_BUSTER).toBe(typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev');
    expect(PERSIST_BUSTER).not.toBe('');
  });

  it('persists what the registrations name, and nothing else', () => {
    const policy = composeOfflinePolicy([
      {
        root: 'things',
        persist: ['pages', 'detail'],
        filteredLists: ['pages'],
        sharedCaches: ['api-things'],
      },
      { root: 'summary', persist: ['mine'] },
    ]);
    expect(policy.isPersistableKey(['things', 'pages', {}])).toBe(true);
    expect(policy.isPersistableKey(['things', 'detail', 't1'])).toBe(true);
    expect(policy.isPersistableKey(['summary', 'mine'])).toBe(true);
    expect(policy.isPersistableKey(['things', 'public', 't1'])).toBe(false);
    expect(policy.isPersistableKey(['summary', 'other'])).toBe(false);
    expect(policy.isPersistableKey(['auth', 'me'])).toBe(false);
    expect(policy.isFilteredList(['things', 'pages', { sortBy: 'title', sortOrder: 'asc' }])).toBe(false);
    expect(policy.isFilteredList(['things', 'pages', { search: 'x' }])).toBe(true);
    expect(policy.isFilteredList(['things', 'detail', { search: 'x' }])).toBe(false);
    expect([...policy.sharedCaches]).toEqual(['api-things']);
    expect(() =>
      composeOfflinePolicy([
        { root: 'a', persist: [] },
        { root: 'a', persist: [] },
      ]),
    ).toThrow();
  });

  it('persists only successful queries, and only the most recent filtered lists', () => {
    const client = new QueryClient();
    const policy = composeOfflinePolicy([{ root: 'grants', persist: ['list'], filteredLists: ['list'] }]);
    const shouldPersist = createShouldPersistQuery(() => client.getQueryCache().getAll(), policy);
    client.setQueryData(['grants', 'list', { sortBy: 'title', sortOrder: 'asc' }], [], { updatedAt: 1 });
    for (let i = 0; i < MAX_PERSISTED_FILTERED_LISTS + 2; i++)
      client.setQueryData(['grants', 'list', { country: `c${i}` }], [], { updatedAt: 10 + i });
    client.setQueryData(['auth', 'me'], { id: 'u1' });
    const kept = client
      .getQueryCache()
      .getAll()
      .filter(shouldPersist)
      .map((q) => q.queryKey);
    // The full list (whatever its sort) and the five newest filtered ones.
    expect(kept).toHaveLength(1 + MAX_PERSISTED_FILTERED_LISTS);
    expect(kept).toContainEqual(['grants', 'list', { sortBy: 'title', sortOrder: 'asc' }]);
    expect(kept).not.toContainEqual(['grants', 'list', { country: 'c0' }]);
    expect(kept).not.toContainEqual(['grants', 'list', { country: 'c1' }]);
    expect(kept).not.toContainEqual(['auth', 'me']);
  });
});
