import type { QueryClient } from '@tanstack/react-query';
import { themeCacheName } from '@contract/theme';
import { IMAGE_CACHE } from '@contract/offline-caches';
import { PORTAL_CODE_CACHE } from '@contract/portal-code-protocol';
import { clearPersistedQueries } from './query-persistence';

/*
 * A shared phone (issue 5): logging out, or a 401, removes everything this device holds for the
 * user, so the next person sees nothing of the last one: the query cache in memory and in
 * IndexedDB, the Cache Storage entries that may hold per-user answers, and the user's outbox.
 */

/** A store of per-user writes not yet sent (the offline outbox), registered by its owner. */
export interface UserDataStore {
  countUnsent(userId: string): Promise<number>;
  clear(userId: string): Promise<void>;
}

const stores = new Set<UserDataStore>();

/** Lets a per-user store (the outbox) take part in the wipe and in the 'unsent items' warning. */
export function registerUserDataWipe(store: UserDataStore): () => void {
  stores.add(store);
  return () => stores.delete(store);
}

/** How many writes of this user would be lost by wiping now. */
export async function countUnsentForUser(userId: string | null): Promise<number> {
  if (!userId) return 0;
  const counts = await Promise.all([...stores].map((store) => store.countUnsent(userId).catch(() => 0)));
  return counts.reduce((sum, n) => sum + n, 0);
}

/** Runtime caches the features declared shared (their OfflineRegistration), added by main.tsx. */
const featureSharedCaches = new Set<string>();

/** Keeps these runtime caches at logout: a feature's caches of answers that are the same for everyone. */
export function registerSharedCaches(names: Iterable<string>) {
  for (const name of names) featureSharedCaches.add(name);
}

/**
 * Caches that hold only what is the same for everyone, and stay: the app shell (Workbox precache),
 * the features' public API answers (sw/sw.ts caches only public, uncredentialed or
 * `Cache-Control: public` ones), pictures, the portal's code, and the theme choice the worker reads.
 * Any other runtime cache may hold a per-user answer and is deleted.
 */
export function isSharedCache(name: string): boolean {
  return (
    name.startsWith('workbox-precache') ||
    featureSharedCaches.has(name) ||
    name === IMAGE_CACHE ||
    name === PORTAL_CODE_CACHE ||
    name === themeCacheName
  );
}

export async function deletePerUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !isSharedCache(name)).map((name) => caches.delete(name)));
}

export interface WipeOptions {
  /**
   * Also delete the user's unsent writes. A logout asks the user first; a 401 is nobody's choice,
   * so it keeps them (they are sent once the same user signs in again) rather than drop them.
   */
  includeUnsent: boolean;
}

/** Removes what this device holds of `userId`. Each part runs even if another fails. */
export async function wipeUserData(
  queryClient: QueryClient,
  userId: string | null,
  { includeUnsent }: WipeOptions,
): Promise<void> {
  queryClient.clear();
  const outbox = async () => {
    if (!userId) return;
    if (!includeUnsent && (await countUnsentForUser(userId)) > 0) return;
    await Promise.all([...stores].map((store) => store.clear(userId)));
  };
  const results = await Promise.allSettled([clearPersistedQueries(), deletePerUserCaches(), outbox()]);
  for (const result of results) if (result.status === 'rejected') console.error(result.reason);
}
