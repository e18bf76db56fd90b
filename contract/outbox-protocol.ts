/**
 * The contract between the page's outbox and the service worker. No imports, so sw/sw.ts can take
 * it without pulling page code into the worker.
 *
 * After an entry is queued the page registers a Background Sync with `OUTBOX_SYNC_TAG`. The worker
 * keeps no queue of its own: on a `sync` event with that tag it posts `{ type: OUTBOX_FLUSH_MESSAGE }`
 * to every window client, and the page flushes its IndexedDB outbox.
 */
export const OUTBOX_SYNC_TAG = 'outbox-flush';
export const OUTBOX_FLUSH_MESSAGE = 'OUTBOX_FLUSH';

export interface OutboxFlushMessage {
  type: typeof OUTBOX_FLUSH_MESSAGE;
}
