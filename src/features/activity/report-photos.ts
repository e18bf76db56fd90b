import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import type { SideQueue } from '@/lib/outbox';

/*
 * A report's photos, compressed on the phone, kept in IndexedDB with their bytes until the server
 * holds them: a reload, a closed tab or a day without signal loses none. A photo of the draft is
 * 'draft' (the report is not written yet); once the report is queued or sent, its photos are
 * 'waiting' and the uploader sends them one at a time; a photo the server refused (a 4xx other than
 * 404) is 'refused' and kept until the volunteer deletes it. Per user: logout counts the waiting ones
 * as unsent and wipes them all.
 */

export const REPORT_PHOTOS_DB_NAME = 'ngo-activity-photos';

export type PhotoState = 'draft' | 'waiting' | 'refused';

export interface StoredPhoto {
  /** userId/reportId/name. */
  key: string;
  userId: string;
  reportId: string;
  /** photo-1.jpg…: the name the report lists (PHOTO_NAME_PATTERN). */
  name: string;
  blob: Blob;
  /** Epoch ms: sent in the order they were taken. */
  addedAt: number;
  state: PhotoState;
  /** Why the server refused it. */
  error?: string;
}

export const photoKey = (userId: string, reportId: string, name: string) => `${userId}/${reportId}/${name}`;

export interface ReportPhotos {
  /** The user's photos, oldest first. */
  all(userId: string): Promise<StoredPhoto[]>;
  forReport(userId: string, reportId: string): Promise<StoredPhoto[]>;
  put(photo: StoredPhoto): Promise<void>;
  remove(key: string): Promise<void>;
  /** The report is written (queued or sent): its draft photos may go. */
  markSubmitted(userId: string, reportId: string): Promise<void>;
  markRefused(key: string, error: string): Promise<void>;
  /** Photos of written reports the server does not hold yet. */
  countUnsent(userId: string): Promise<number>;
  clear(userId: string): Promise<void>;
  subscribe(listener: () => void): () => void;
}

export function createReportPhotos(dbName = REPORT_PHOTOS_DB_NAME): ReportPhotos {
  let store: UseStore | undefined;
  // Opened on first use: a page that never reports opens no database.
  const db = () => (store ??= createStore(dbName, 'photos'));
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  const all = async (userId: string) =>
    (await values<StoredPhoto>(db()))
      .filter((p) => p.userId === userId)
      .sort((a, b) => a.addedAt - b.addedAt || a.key.localeCompare(b.key));
  const update = async (key: string, patch: Partial<StoredPhoto>) => {
    const photo = await get<StoredPhoto>(key, db());
    if (!photo) return;
    await set(key, { ...photo, ...patch }, db());
  };
  return {
    all,
    forReport: async (userId, reportId) => (await all(userId)).filter((p) => p.reportId === reportId),
    put: async (photo) => {
      await set(photo.key, photo, db());
      changed();
    },
    remove: async (key) => {
      await del(key, db());
      changed();
    },
    markSubmitted: async (userId, reportId) => {
      for (const p of await all(userId))
        if (p.reportId === reportId && p.state === 'draft') await update(p.key, { state: 'waiting' });
      changed();
    },
    markRefused: async (key, error) => {
      await update(key, { state: 'refused', error });
      changed();
    },
    countUnsent: async (userId) => (await all(userId)).filter((p) => p.state !== 'draft').length,
    clear: async (userId) => {
      for (const p of await all(userId)) await del(p.key, db());
      changed();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The user's photos not sent yet, as the outbox lists them (lib/outbox/side-queues.ts). */
export function photosAsSideQueue(store: ReportPhotos): SideQueue {
  return {
    list: async (userId) =>
      (await store.all(userId))
        .filter((p) => p.state !== 'draft')
        .map((p) => ({
          id: p.key,
          label: `${p.name} (activity report photo)`,
          createdAt: p.addedAt,
          href: '/volunteer/activity-report',
          action: 'See it in your activity reports',
        })),
    subscribe: store.subscribe,
  };
}

/** The app's one store: the form and the uploader write to it, the logout wipe reads it. */
export const reportPhotos = createReportPhotos();
