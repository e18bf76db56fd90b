import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import type { SideQueue } from '@/lib/outbox';

/*
 * Files chosen for upload and not yet stored, kept on the device with their bytes (IndexedDB keeps a
 * File whole: name, type, lastModified and contents), so a reload, a closed tab or a killed browser
 * loses no upload: /storage picks them up again, and a resumable one continues from the bytes the
 * server holds (tus-js-client finds its upload address by the file's fingerprint). Per user: logout
 * counts them as unsent and wipes them (main.tsx registers the store).
 */

export const SAVED_UPLOADS_DB_NAME = 'ngo-uploads';
const STORE_NAME = 'uploads';

export interface SavedUpload {
  /** A random id, also the queue's. */
  id: string;
  userId: string;
  /** '' for the root. */
  folderId: string;
  file: File;
  /** Epoch ms: restored uploads go in the order they were chosen. */
  addedAt: number;
  /** Paused by the user: restored paused, not sent until resumed. */
  paused?: boolean;
}

export interface SavedUploads {
  /** The user's saved uploads, oldest first. */
  all(userId: string): Promise<SavedUpload[]>;
  put(upload: SavedUpload): Promise<void>;
  remove(id: string): Promise<void>;
  setPaused(id: string, paused: boolean): Promise<void>;
  countUnsent(userId: string): Promise<number>;
  clear(userId: string): Promise<void>;
  /** Called after each change. */
  subscribe(listener: () => void): () => void;
}

export function createSavedUploads(dbName = SAVED_UPLOADS_DB_NAME): SavedUploads {
  let store: UseStore | undefined;
  // Opened on first use: a page that never uploads opens no database.
  const db = () => (store ??= createStore(dbName, STORE_NAME));
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  const all = async (userId: string) =>
    (await values<SavedUpload>(db()))
      .filter((upload) => upload.userId === userId)
      .sort((a, b) => a.addedAt - b.addedAt || a.id.localeCompare(b.id));
  return {
    all,
    put: async (upload) => {
      await set(upload.id, upload, db());
      changed();
    },
    setPaused: async (id, paused) => {
      const upload = await get<SavedUpload>(id, db());
      if (!upload) return;
      await set(id, { ...upload, paused }, db());
      changed();
    },
    remove: async (id) => {
      if (!(await get(id, db()))) return;
      await del(id, db());
      changed();
    },
    countUnsent: async (userId) => (await all(userId)).length,
    clear: async (userId) => {
      for (const upload of await all(userId)) await del(upload.id, db());
      changed();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The user's files not uploaded yet, as the outbox lists them (lib/outbox/side-queues.ts). */
export function uploadsAsSideQueue(store: SavedUploads): SideQueue {
  return {
    list: async (userId) =>
      (await store.all(userId)).map((upload) => ({
        id: upload.id,
        label: `${upload.file.name} (file to upload)`,
        createdAt: upload.addedAt,
        href: '/storage',
        // Where its progress shows, and where it can be cancelled.
        action: 'See it in Cloud Storage',
      })),
    subscribe: store.subscribe,
  };
}

/** The app's one store: the screen's queue writes to it, the logout wipe reads it. */
export const savedUploads = createSavedUploads();
