/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The app shell: every built asset, so the app opens with no network after one visit.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Prerendered public pages are precached under their clean URLs (/pricing → pricing.html). Every
// other client route opens from the precached empty app shell; /api/* never gets HTML back.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/app-shell.html'), { denylist: [/^\/api\//] }));

// An update waits until the user accepts it from the 'A new version is available' toast.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
