import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  createShouldPersistQuery,
  isPersistableKey,
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

  it("allows the public listings and details and the user's key screens, nothing else", () => {
    expect(isPersistableKey(['grants', 'list', {}])).toBe(true);
    expect(isPersistableKey(['grants', 'detail', 'g1'])).toBe(true);
    expect(isPersistableKey(['blogs', 'list', {}, 'https://blogs.example/api'])).toBe(true);
    expect(isPersistableKey(['blogs', 'detail', 'b1'])).toBe(true);
    expect(isPersistableKey(['dashboard', 'summary'])).toBe(true);
    expect(isPersistableKey(['causes', 'list'])).toBe(true);
    expect(isPersistableKey(['causes', 'detail', 'c1'])).toBe(true);
    expect(isPersistableKey(['billing', 'subscription'])).toBe(true);
    expect(isPersistableKey(['billing', 'history'])).toBe(true);
    expect(isPersistableKey(['causes', 'public', 'c1'])).toBe(false);
    expect(isPersistableKey(['docs', 'openapi'])).toBe(true);
    expect(isPersistableKey(['auth', 'me'])).toBe(false);
    expect(isPersistableKey(['dashboard', 'other'])).toBe(false);
    expect(isPersistableKey(['payments', 'verify'])).toBe(false);
  });

  it('persists only successful queries, and only the most recent filtered lists', () => {
    const client = new QueryClient();
    const shouldPersist = createShouldPersistQuery(() => client.getQueryCache().getAll());
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
