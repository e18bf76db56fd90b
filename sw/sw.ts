/// <reference lib="webworker" />
import {
  addPlugins,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { parseThemeChoice, themeCacheKey, themeCacheName, withThemeClass } from '../server/contract/theme';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// Pages answered from the precache get the visitor's theme choice on <html>, as the server does from
// the cookie (a worker never sees cookies; the page keeps the choice in Cache Storage for it).
addPlugins([
  {
    handlerWillRespond: async ({ response }) => {
      if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
      const stored = await caches.match(themeCacheKey, { cacheName: themeCacheName });
      const theme = parseThemeChoice(stored ? await stored.text() : null);
      if (!theme) return response;
      return new Response(withThemeClass(await response.text(), theme), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    },
  },
]);

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
