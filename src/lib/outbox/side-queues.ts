import { useEffect, useState } from 'react';
import { getStoredUser } from '@/lib/session';

/*
 * Sends a feature keeps in a store of its own instead of the outbox: files waiting to upload are
 * bytes sent in resumable pieces, not one JSON request (ADR 0032). The outbox control counts them
 * with its own entries and lists them, each with a link to the screen that sends it, so whatever this
 * device has not sent yet is in one place.
 */

export interface SideQueueItem {
  id: string;
  /** What it is, as the outbox lists it: 'report.pdf (file to upload)'. */
  label: string;
  /** Epoch ms: when it was saved on the device. */
  createdAt: number;
  /** The screen that sends it, where the user can see its progress, cancel or retry it. */
  href: string;
  /** The link's text: 'See it in Cloud Storage'. */
  action: string;
}

export interface SideQueue {
  /** The user's items not sent yet. */
  list(userId: string): Promise<SideQueueItem[]>;
  /** Called whenever the queue's items change. */
  subscribe(listener: () => void): () => void;
}

const queues = new Set<SideQueue>();

/** Registered by main.tsx from the features' OfflineRegistration. */
export function registerSideQueue(queue: SideQueue): () => void {
  queues.add(queue);
  return () => queues.delete(queue);
}

/** The signed-in user's items in every side queue, oldest first, kept current. */
export function useSideQueueItems(): SideQueueItem[] {
  const [items, setItems] = useState<SideQueueItem[]>([]);
  useEffect(() => {
    let live = true;
    let reading = 0;
    const read = () => {
      const userId = getStoredUser()?.id;
      const turn = ++reading;
      const lists = userId ? [...queues].map((queue) => queue.list(userId).catch(() => [])) : [];
      void Promise.all(lists).then((all) => {
        // Only the latest read lands: an older, slower one must not overwrite it.
        if (live && turn === reading) setItems(all.flat().sort((a, b) => a.createdAt - b.createdAt));
      });
    };
    read();
    const unsubscribes = [...queues].map((queue) => queue.subscribe(read));
    return () => {
      live = false;
      unsubscribes.forEach((unsubscribe) => unsubscribe());
    };
  }, []);
  return items;
}
