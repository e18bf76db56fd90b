import { notify } from '../notify';
import { outbox } from './default-outbox';
import { OUTBOX_FLUSH_MESSAGE } from '@contract/outbox-protocol';
import type { OutboxEvent } from './types';

let started = false;

// IndexedDB may be refused outright (a page framed by another site with third-party storage
// blocked: the cause embed). The outbox then has nothing to send; say nothing rather than throw.
const flushQuietly = () => void outbox.flush({ force: true }).catch(() => undefined);

function announce(event: OutboxEvent) {
  const message = (event.type === 'sent' ? event.response : null) as { message?: unknown } | null;
  if (event.type === 'sent') {
    if (event.entry.quiet) return;
    // One toast per kind, replaced by the next send: a flush of many leaves one line, not a pile.
    notify.success(
      typeof message?.message === 'string'
        ? `${event.entry.label} sent. ${message.message}`
        : `${event.entry.label} sent.`,
      { id: `outbox-sent:${event.entry.kind}` },
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
  window.addEventListener('online', flushQuietly);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') flushQuietly();
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<unknown>) => {
    if ((event.data as { type?: unknown } | null)?.type === OUTBOX_FLUSH_MESSAGE) flushQuietly();
  });
  outbox.enableTimer();
  void outbox
    .refresh()
    .then(flushQuietly)
    .catch(() => undefined);
}
