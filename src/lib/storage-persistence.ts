/*
 * Offline reading depends on IndexedDB and Cache Storage, which a browser may evict under storage
 * pressure unless the site's storage is persistent. Asked once signed in, not for every visitor:
 * Firefox asks the user, and a visitor reading one page should not get a prompt.
 */

let asked: Promise<boolean> | null = null;

/** True when the storage is (now) persistent. Never throws; asks the browser at most once per page. */
export function requestPersistentStorage(): Promise<boolean> {
  asked ??= (async () => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.persist) return false;
    try {
      if (await storage.persisted()) return true;
      return await storage.persist();
    } catch {
      return false;
    }
  })();
  return asked;
}

export interface StorageFigures {
  usage: number;
  quota: number;
  persisted: boolean;
}

/** What this site stores on the device, or null where the browser does not say. */
export async function storageFigures(): Promise<StorageFigures | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.estimate) return null;
  try {
    const { usage = 0, quota = 0 } = await storage.estimate();
    const persisted = storage.persisted ? await storage.persisted() : false;
    return { usage, quota, persisted };
  } catch {
    return null;
  }
}
