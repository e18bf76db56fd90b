/// <reference lib="webworker" />
import type { PushPayload } from '../contract/push-payload';

/*
 * Web Push (issue 16): a mention or a direct message pushed by the server (services/push/) shows as a
 * notification while no window of the app has focus; a tap opens its conversation, in a window of the
 * app if one is open. Notifications of one conversation replace each other (their tag).
 */

declare const self: ServiceWorkerGlobalScope;

function payloadOf(event: PushEvent): PushPayload | null {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (!data?.title || !data.url?.startsWith('/')) return null;
    return { title: data.title, body: data.body ?? '', url: data.url, tag: data.tag ?? data.url };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  if (!payload) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // Someone looking at the app already sees the message arrive (the socket): no buzz on top.
      if (windows.some((w) => w.focused && w.visibilityState === 'visible')) return;
      await self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        data: { url: payload.url },
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/team-chat';
  const url = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => undefined);
      } else await self.clients.openWindow(url);
    })(),
  );
});
