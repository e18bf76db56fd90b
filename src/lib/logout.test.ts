import { QueryClient } from '@tanstack/react-query';
import { get, set } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout, unsentBeforeLogout } from './logout';
import { PERSIST_STORAGE_KEY } from './query-persistence-policy';
import { registerSharedCaches, registerUserDataWipe, wipeUserData } from './user-data-wipe';

// What main.tsx registers from the grants and blogs features' offline registrations.
registerSharedCaches(['api-grants', 'api-blogs']);

/** A Cache Storage stand-in: jsdom has none. */
function fakeCaches(names: string[]) {
  const store = new Set(names);
  vi.stubGlobal('caches', {
    keys: async () => [...store],
    delete: async (name: string) => store.delete(name),
  });
  return store;
}

function signIn(id: string) {
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ id, role: 'STAFF' }));
  localStorage.setItem('userId', id);
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((c) => c());
  vi.unstubAllGlobals();
});

function fakeOutbox(unsent: Record<string, number>) {
  const cleared: string[] = [];
  cleanups.push(
    registerUserDataWipe({
      countUnsent: async (userId) => unsent[userId] ?? 0,
      clear: async (userId) => {
        cleared.push(userId);
        unsent[userId] = 0;
      },
    }),
  );
  return cleared;
}

describe('logout on a shared phone', () => {
  it('wipes the session, the query cache in memory and in IndexedDB, per-user caches and the outbox', async () => {
    signIn('u1');
    const caches = fakeCaches([
      'workbox-precache-v2-x',
      'api-grants',
      'api-blogs',
      'images',
      'ngo-portal-theme',
      'user-files',
    ]);
    const cleared = fakeOutbox({ u1: 2 });
    const client = new QueryClient();
    client.setQueryData(['dashboard', 'summary'], { name: 'u1' });
    await set(PERSIST_STORAGE_KEY, '{"clientState":{}}');

    expect(await unsentBeforeLogout()).toBe(2);
    const navigate = vi.fn();
    await logout(client, navigate);

    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(await get(PERSIST_STORAGE_KEY)).toBeUndefined();
    expect([...caches].sort()).toEqual([
      'api-blogs',
      'api-grants',
      'images',
      'ngo-portal-theme',
      'workbox-precache-v2-x',
    ]);
    expect(cleared).toEqual(['u1']);
    expect(navigate).toHaveBeenCalledOnce();
  });

  it('after a 401, keeps unsent writes (nobody chose to drop them) but wipes everything else', async () => {
    fakeCaches([]);
    const cleared = fakeOutbox({ u2: 1, u3: 0 });
    const client = new QueryClient();
    client.setQueryData(['grants', 'list', {}], []);
    await set(PERSIST_STORAGE_KEY, 'x');
    await wipeUserData(client, 'u2', { includeUnsent: false });
    expect(cleared).toEqual([]);
    expect(await get(PERSIST_STORAGE_KEY)).toBeUndefined();
    await wipeUserData(client, 'u3', { includeUnsent: false });
    expect(cleared).toEqual(['u3']);
  });
});
