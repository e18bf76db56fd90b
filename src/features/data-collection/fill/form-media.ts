import { createStore, del, get, promisifyRequest, set, values, type UseStore } from 'idb-keyval';
import type { UserDataStore } from '@/lib/user-data-wipe';

/*
 * The files a response's answers name (photos, recordings, signatures), kept on the device with
 * their bytes from the moment they are chosen (issue 14), in a database of their own beside the
 * drafts. A file belongs to its instance: while the instance's draft exists it is being filled and
 * the file waits; once the response is submitted (its draft removed) the file is due for upload, and
 * it leaves the device only when the server holds it. So a crash anywhere between submit and upload
 * loses nothing, and nothing is uploaded for a form still being filled.
 */

export interface FormMediaItem {
  /** `instanceId/name`. */
  key: string;
  formId: string;
  instanceId: string;
  /** The answer's value: the file's name. */
  name: string;
  blob: Blob;
  userId: string | null;
  createdAt: number;
  /** The tus upload's address once created, so a reload resumes it rather than starting again. */
  uploadUrl?: string;
  /** The server refused it (a closed form, say): kept until the person deletes it. */
  refused?: string;
}

export const FORM_MEDIA_DB = 'ngo-form-media';

export const mediaKey = (instanceId: string, name: string) => `${instanceId}/${name}`;

export function createFormMedia(dbName = FORM_MEDIA_DB) {
  let store: UseStore | undefined;
  const db = () => (store ??= createStore(dbName, 'media'));
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  const all = () => values<FormMediaItem>(db());
  // Read and written in one transaction, and never bringing back a file removed meanwhile (an upload
  // finishing while its address is being saved).
  const update = async (key: string, change: Partial<FormMediaItem>) => {
    await db()('readwrite', (store) => {
      const read = store.get(key);
      read.onsuccess = () => {
        const item = read.result as FormMediaItem | undefined;
        if (item) store.put({ ...item, ...change }, key);
      };
      return promisifyRequest(store.transaction);
    });
    changed();
  };
  return {
    /** Keeps a chosen file under its instance (replacing one of the same name). */
    async put(item: Omit<FormMediaItem, 'key' | 'createdAt'>) {
      const key = mediaKey(item.instanceId, item.name);
      await set(key, { ...item, key, createdAt: Date.now() } satisfies FormMediaItem, db());
      changed();
    },
    /** The files an instance keeps (its export carries them). */
    ofInstance: async (instanceId: string) => (await all()).filter((m) => m.instanceId === instanceId),
    blobOf: async (instanceId: string, name: string) =>
      (await get<FormMediaItem>(mediaKey(instanceId, name), db()))?.blob,
    /** At submit: the instance keeps only the files its final answers name (a replaced photo goes). */
    async keepOnly(instanceId: string, names: readonly string[]) {
      const gone = (await all()).filter((m) => m.instanceId === instanceId && !names.includes(m.name));
      await Promise.all(gone.map((m) => del(m.key, db())));
      if (gone.length) changed();
    },
    /** Files of instances no longer being filled, oldest first: due for upload (or refused). */
    async due(filling: (instanceId: string) => Promise<boolean>): Promise<FormMediaItem[]> {
      const items = (await all()).sort((a, b) => a.createdAt - b.createdAt);
      const due: FormMediaItem[] = [];
      for (const item of items) if (!(await filling(item.instanceId))) due.push(item);
      return due;
    },
    setUploadUrl: (key: string, uploadUrl: string) => update(key, { uploadUrl }),
    refuse: (key: string, refused: string) => update(key, { refused }),
    async remove(key: string) {
      await del(key, db());
      changed();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Logout's wipe and its warning: a signed-in user's files not uploaded yet are unsent work. */
    userData: {
      countUnsent: async (userId: string) => (await all()).filter((m) => m.userId === userId).length,
      clear: async (userId: string) => {
        await Promise.all((await all()).filter((m) => m.userId === userId).map((m) => del(m.key, db())));
        changed();
      },
    } satisfies UserDataStore,
  };
}

export type FormMedia = ReturnType<typeof createFormMedia>;

export const formMedia = createFormMedia();
