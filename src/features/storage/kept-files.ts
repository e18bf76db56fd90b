import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import type { StorageItem } from '@contract/files';
import type { UserDataStore } from '@/lib/user-data-wipe';

/*
 * Files the user chose to keep on this device ("Keep on this device", issue 13): their bytes in
 * IndexedDB, so they open with no connection. A kept copy is used while it is the file's current
 * content (same SHA-256); a changed file is fetched again. Per user: logout wipes them (the feature's
 * offline registration hands this store to the wipe).
 */

const DB_NAME = 'ngo-kept-files';
const STORE_NAME = 'files';

interface KeptFile {
  fileId: string;
  userId: string;
  sha256: string;
  name: string;
  bytes: Blob;
  keptAt: number;
}

let store: UseStore | undefined;
// Opened on first use: a page that keeps nothing opens no database.
const db = () => (store ??= createStore(DB_NAME, STORE_NAME));

/** The kept files' ids of the user whose ids were last read, for the screen's buttons. */
let keptIds: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
const announce = (ids: ReadonlySet<string>) => {
  keptIds = ids;
  listeners.forEach((listener) => listener());
};

async function keptOf(userId: string): Promise<KeptFile[]> {
  return (await values<KeptFile>(db())).filter((file) => file.userId === userId);
}

/** Reads the user's kept files' ids again (after a change, or when the screen opens). */
export async function refreshKeptIds(userId: string): Promise<void> {
  announce(new Set((await keptOf(userId)).map((file) => file.fileId)));
}

/** Keeps these bytes as the file's copy on this device. */
export async function keepFile(
  userId: string,
  item: Pick<StorageItem, 'id' | 'name' | 'sha256'>,
  bytes: Blob,
): Promise<void> {
  await set(
    item.id,
    { fileId: item.id, userId, sha256: item.sha256 ?? '', name: item.name, bytes, keptAt: Date.now() },
    db(),
  );
  await refreshKeptIds(userId);
}

export async function forgetFile(userId: string, fileId: string): Promise<void> {
  await del(fileId, db());
  await refreshKeptIds(userId);
}

/** The kept copy of the file as it is now, or undefined (not kept, or changed since). */
export async function keptCopy(
  userId: string,
  item: Pick<StorageItem, 'id' | 'sha256'>,
): Promise<Blob | undefined> {
  const kept = await get<KeptFile>(item.id, db());
  return kept && kept.userId === userId && kept.sha256 === item.sha256 ? kept.bytes : undefined;
}

/** The ids of the files kept on this device (the screen reads them for its user: refreshKeptIds). */
export function useKeptFileIds(): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => keptIds,
    () => keptIds,
  );
}

/** For the logout wipe: kept files are the user's data, though nothing of them is unsent. */
export const keptFilesData: UserDataStore = {
  countUnsent: async () => 0,
  clear: async (userId) => {
    for (const file of await keptOf(userId)) await del(file.fileId, db());
    announce(new Set());
  },
};
