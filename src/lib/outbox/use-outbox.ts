import { useSyncExternalStore } from 'react';
import { outbox } from './default-outbox';
import { exportEntries } from './export-entries';
import type { OutboxBody, OutboxSnapshot } from './types';

const serverSnapshot: OutboxSnapshot = {
  pending: 0,
  waiting: [],
  attention: [],
  lastSyncAt: null,
  flushing: false,
};

const actions = {
  syncNow: () => outbox.flush({ force: true }),
  retry: (id: string, editedBody?: OutboxBody) => outbox.retry(id, editedBody),
  remove: (id: string) => outbox.remove(id),
  /** One entry by id, or every entry of this user (pending and needing attention) without one. */
  async exportJson(id?: string) {
    const all = await outbox.entries();
    exportEntries(id ? all.filter((e) => e.id === id) : all);
  },
};

/** The outbox's state for the UI: counts, the needs-attention list, last sync, and its actions. */
export function useOutbox() {
  const snapshot = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, () => serverSnapshot);
  return { ...snapshot, ...actions };
}
