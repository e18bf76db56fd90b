import { notify } from '../notify';
import { outbox } from './default-outbox';
import { OUTBOX_FLUSH_MESSAGE } from './protocol';
import type { OutboxEvent } from './types';

let started = false;

function announce(event: OutboxEvent) {
  const message = (event.type === 'sent' ? event.response : null) as { message?: unknown } | null;
  if (event.type === 'sent') {
    notify.success(
      typeof message?.message === 'string'
        ? `${event.entry.label} sent. ${message.message}`
        : `${event.entry.label} sent.`,
    );
  } else {
    notify.error(
      `${event.entry.label} could not be sent: ${event.entry.lastError?.message ?? 'the server refused it.'} ` +
        'It is kept under "Needs attention" in the outbox.',
    );
  }
}

/**
 * Starts flushing the outbox: now, when the device comes back online, when the page becomes
 * visible, when the service worker relays a Background Sync, and on the backoff timer. Safe to
 * call more than once.
 */
export function startOutbox() {
  if (started || typeof window === 'undefined') return;
  started = true;
  outbox.onEvent(announce);
  window.addEventListener('online', () => void outbox.flush({ force: true }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void outbox.flush({ force: true });
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<unknown>) => {
    if ((event.data as { type?: unknown } | null)?.type === OUTBOX_FLUSH_MESSAGE)
      void outbox.flush({ force: true });
  });
  outbox.enableTimer();
  void outbox.refresh().then(() => outbox.flush({ force: true }));
}
