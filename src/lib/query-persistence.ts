import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { apiBaseUrl } from './api-client';
import { isOffline, startConnectivity, subscribeConnectivity } from './connectivity';
import type { OfflinePolicy } from './offline-registration';
import {
  createShouldPersistQuery,
  PERSIST_BUSTER,
  PERSIST_MAX_AGE_MS,
  PERSIST_STORAGE_KEY,
} from './query-persistence-policy';

/** Set by a wipe: a snapshot taken before it must never be written after it (shared phone). */
let wipedAt = 0;

function createPersister(key: string) {
  const persister = createAsyncStoragePersister({
    storage: {
      getItem: (k) => get<string>(k),
      setItem: (k, value: string) => set(k, value),
      removeItem: (k) => del(k),
    },
    key,
    throttleTime: 1000,
    serialize: (client) => {
      // A save throttled before a logout can run after it: refusing it keeps the last user's data
      // out of IndexedDB. The next save (of the cleared cache) is newer and goes through.
      if (client.timestamp <= wipedAt) throw new Error('Snapshot older than the last wipe');
      return JSON.stringify(client);
    },
  });
  // The bench (tests/perf/offline-bench.ts) reads how long restoring takes from these marks.
  const restoreClient = persister.restoreClient;
  persister.restoreClient = async () => {
    performance.mark('query-cache:restore-start');
    return restoreClient();
  };
  return persister;
}

/**
 * One persister per IndexedDB key: the app's (PERSIST_STORAGE_KEY), and the fill page's entry's own
 * (src/fill.tsx), which persists only the fill page's queries and must not overwrite the app's.
 */
const persisters = new Map<string, ReturnType<typeof createPersister>>();
function persisterFor(key: string) {
  let persister = persisters.get(key);
  if (!persister) persisters.set(key, (persister = createPersister(key)));
  return persister;
}

/**
 * The `persistOptions` of PersistQueryClientProvider. `policy` is the features' offline
 * registrations composed (main.tsx): which queries are kept. Infinite queries (paged listings) are
 * kept with the pages seen, so they open offline as far as the user scrolled.
 */
export function persistOptions(
  queryClient: QueryClient,
  policy: OfflinePolicy,
  storageKey = PERSIST_STORAGE_KEY,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: persisterFor(storageKey),
    maxAge: PERSIST_MAX_AGE_MS,
    buster: PERSIST_BUSTER,
    dehydrateOptions: {
      shouldDehydrateQuery: createShouldPersistQuery(() => queryClient.getQueryCache().getAll(), policy),
      // Mutations here run with networkMode 'always' and are never paused, so none waits to be
      // resumed after a reload; the offline outbox keeps pending writes in its own store.
      shouldDehydrateMutation: () => false,
    },
  };
}

let savingFromRestore = false;

/**
 * PersistQueryClientProvider's onSuccess. The provider starts saving on cache changes only after the
 * re-render that ends its restore, so an answer that arrives before that (the route loader's) would
 * wait for the next change to be saved, which on a quiet screen never comes. Save now, and follow
 * the cache from this moment on as well (saves share the persister's throttle, so none is doubled).
 */
export function onRestored(
  queryClient: QueryClient,
  policy: OfflinePolicy,
  storageKey = PERSIST_STORAGE_KEY,
) {
  performance.mark('query-cache:restore-end');
  const options = { queryClient, ...persistOptions(queryClient, policy, storageKey) };
  void persistQueryClientSave(options);
  if (savingFromRestore) return;
  savingFromRestore = true;
  persistQueryClientSubscribe(options);
}

/** Forgets the persisted query cache (logout, 401): the next person on the phone sees none of it. */
export async function clearPersistedQueries() {
  wipedAt = Date.now();
  await del(PERSIST_STORAGE_KEY);
}

/**
 * TanStack Query assumes online at start; it follows the app's own view of connectivity instead
 * (the browser's flag and whether the API answers), so queries pause rather than fail offline.
 */
export function connectOnlineManager() {
  startConnectivity(apiBaseUrl);
  onlineManager.setEventListener((setOnline) => {
    setOnline(!isOffline());
    return subscribeConnectivity(() => setOnline(!isOffline()));
  });
}
