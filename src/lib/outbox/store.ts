import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import type { OutboxEntry } from './types';

export const OUTBOX_DB_NAME = 'ngo-outbox';
export const OUTBOX_STORE_NAME = 'entries';

/** The outbox's own database, apart from the persisted query cache, so wiping one never touches the other. */
export interface OutboxStore {
  all(): Promise<OutboxEntry[]>;
  get(id: string): Promise<OutboxEntry | undefined>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

export function createOutboxStore(dbName = OUTBOX_DB_NAME): OutboxStore {
  let store: UseStore | undefined;
  // Opened on first use: a prerendered page or a test that never queues opens no database.
  const db = () => (store ??= createStore(dbName, OUTBOX_STORE_NAME));
  return {
    async all() {
      const entries = await values<OutboxEntry>(db());
      // Keys are random UUIDs, so the store's own order means nothing: send oldest first.
      return entries.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    },
    get: (id) => get<OutboxEntry>(id, db()),
    put: (entry) => set(entry.id, entry, db()),
    remove: (id) => del(id, db()),
  };
}
