/// <reference lib="webworker" />
import {
  addPlugins,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { parseThemeChoice, themeCacheKey, themeCacheName, withThemeClass } from '../contract/theme';
import {
  BLOGS_API_CACHE,
  BLOGS_API_PATH,
  FORM_DEFINITION_PATH,
  FORM_DEFINITIONS_CACHE,
  GRANTS_API_CACHE,
  GRANTS_API_PATH,
  IMAGE_CACHE,
} from '../contract/offline-caches';
import { OUTBOX_FLUSH_MESSAGE, OUTBOX_SYNC_TAG } from '../contract/outbox-protocol';
import { CACHE_PORTAL_CODE_MESSAGE, PORTAL_CODE_CACHE } from '../contract/portal-code-protocol';
import { FILL_PAGE_PATH } from '../contract/server-rendered-pages';
import './push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** `portal` marks the signed-in portal's own files (scripts/precache-split.ts, ADR 0015). */
interface BuildFile {
  url: string;
  revision: string | null;
  portal?: true;
}

/** Background Sync is Chromium-only, so TypeScript's WebWorker lib does not describe its event. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

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

// The public site (its pages, the app shell and every script a public page can load), so it opens and
// its forms work with no network after one visit. The portal's own files are left out of the
// install: a visitor on a slow connection never downloads them.
const buildFiles = self.__WB_MANIFEST as BuildFile[];
precacheAndRoute(buildFiles.filter((entry) => !entry.portal));
cleanupOutdatedCaches();

// Prerendered public pages are precached under their clean URLs (/pricing → pricing.html). Every
// other client route opens from the precached empty app shell; /api/* never gets HTML back.
// The cause embed is framed by other sites: the shell's stored headers forbid framing, so it always
// comes from the server with its own frame-ancestors rule.
// The public fill page has a light entry of its own (ADR 0039): offline it opens from its precached
// page, and the form from the definition saved on the phone.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/fill.html'), { allowlist: [FILL_PAGE_PATH] }));
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/app-shell.html'), {
    // Share links' pages (/s/{token}) are the server's, online only, like the API.
    denylist: [/^\/api\//, /^\/cause-embed\//, /^\/s\//],
  }),
);

/*
 * Runtime caches. Their names are part of the page's contract (contract/offline-caches.ts): the
 * feature that owns each declares it shared, and logout keeps those and deletes any other runtime
 * cache (src/lib/user-data-wipe.ts).
 */

/**
 * Shared caches hold only answers that are the same for everyone. The grants and blogs reads are
 * public (no auth middleware; the server marks them `Cache-Control: public, no-cache`), so a
 * signed-in user's copy, sent with a bearer token, is the visitor's copy and may be kept. Anything
 * else sent with credentials is kept only if the server calls it public, and never what it calls
 * private or no-store: a per-user endpoint added under these paths later stays out by default
 * (the server's default is no-store).
 */
const sharedOnly = {
  cacheWillUpdate: async ({ request, response }: { request: Request; response: Response }) => {
    if (response.status !== 200) return null;
    const cacheControl = response.headers.get('cache-control')?.toLowerCase() ?? '';
    if (/\b(private|no-store)\b/.test(cacheControl)) return null;
    if (request.headers.has('authorization') && !/\bpublic\b/.test(cacheControl)) return null;
    return response;
  },
};

/**
 * Marks an API answer taken from Cache Storage, so the page can date it by the server's `Date`
 * header (when the server produced it) rather than by when the page received it: 'Offline: showing
 * results saved 2 days ago' must not say 'just now' for an old copy (src/lib/saved-at.ts).
 */
const markFromCache = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set('x-sw-cache', 'hit');
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

/**
 * Listings are read page by page, and every page of every search is its own URL: each API cache keeps
 * the most recently used answers only (a whole 10,000-grant listing is 100 pages), and is among the
 * first dropped when storage runs short. Offline reading also has the persisted query cache.
 */
const apiExpiration = () =>
  new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true });
const grantsExpiration = apiExpiration();
const blogsExpiration = apiExpiration();

/** The resource itself or anything under it: '/api/grants', '/api/grants/g1', not '/api/grantsx'. */
const apiPath = (url: URL, path: string) => url.pathname === path || url.pathname.startsWith(`${path}/`);

// Fresh when the network works; a stalled "online" connection (2G) answers from the cache after 3 s.
registerRoute(
  ({ url }) => apiPath(url, GRANTS_API_PATH),
  new NetworkFirst({
    cacheName: GRANTS_API_CACHE,
    networkTimeoutSeconds: 3,
    plugins: [sharedOnly, markFromCache, grantsExpiration],
  }),
);

// A published form's definition: fresh when the network answers within 3 s, else the copy this phone
// saved when it last opened the form, so the fill page works in the field (issue 14).
registerRoute(
  ({ url }) => FORM_DEFINITION_PATH.test(url.pathname),
  new NetworkFirst({
    cacheName: FORM_DEFINITIONS_CACHE,
    networkTimeoutSeconds: 3,
    plugins: [
      sharedOnly,
      markFromCache,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 365 * 24 * 60 * 60 }),
    ],
  }),
);

// Posts change rarely; a visitor's saved copy shows at once and the next visit gets the revalidated
// one. A signed-in reader may have just written (the blog management list after a save or a delete
// refetches at once), and a stale answer would undo their change on screen: same cache, but fresh
// first while the network answers.
registerRoute(
  ({ url, request }) => apiPath(url, BLOGS_API_PATH) && !request.headers.has('authorization'),
  new StaleWhileRevalidate({
    cacheName: BLOGS_API_CACHE,
    plugins: [sharedOnly, markFromCache, blogsExpiration],
  }),
);
registerRoute(
  ({ url }) => apiPath(url, BLOGS_API_PATH),
  new NetworkFirst({
    cacheName: BLOGS_API_CACHE,
    networkTimeoutSeconds: 3,
    plugins: [sharedOnly, markFromCache, blogsExpiration],
  }),
);

// A grant or post opened once shows its picture offline. Remote pictures come back opaque (status
// 0), which Chromium counts as several MB each against the quota, so the cache is capped and is
// the first thing dropped when storage runs short.
registerRoute(
  ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/api/'),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      {
        cacheWillUpdate: async ({ response }: { response: Response }) =>
          response.status === 200 || response.status === 0 ? response : null,
      },
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

/*
 * The portal's files (src/lib/portal-code/protocol.ts): content-hashed, so a URL never changes
 * meaning. Each is kept the first time it loads, and all of them once a signed-in page asks, so every
 * portal screen opens offline. Files of older builds are dropped when this worker activates.
 */
const portalCodeUrls = new Set(
  buildFiles.filter((entry) => entry.portal).map((entry) => new URL(entry.url, self.location.href).href),
);

registerRoute(({ url }) => portalCodeUrls.has(url.href), new CacheFirst({ cacheName: PORTAL_CODE_CACHE }));

async function cacheAllPortalCode() {
  const cache = await caches.open(PORTAL_CODE_CACHE);
  const missing: string[] = [];
  for (const url of portalCodeUrls) if (!(await cache.match(url))) missing.push(url);
  // A few at a time: on 2G a burst of parallel downloads only slows the user's own requests.
  const next = async (): Promise<void> => {
    const url = missing.shift();
    if (!url) return;
    try {
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    } catch {
      // Offline or flaky: the next portal visit asks again, and only what is missing is fetched.
    }
    return next();
  };
  await Promise.all([next(), next(), next()]);
}

async function dropOldPortalCode() {
  const cache = await caches.open(PORTAL_CODE_CACHE);
  const stale = (await cache.keys()).filter((request) => !portalCodeUrls.has(request.url));
  await Promise.all(stale.map((request) => cache.delete(request)));
}

/*
 * Background Sync hand-off (src/lib/outbox/protocol.ts): the page's outbox in IndexedDB is the only
 * queue. The worker keeps no copy of the writes (Workbox's own queue deletes entries that got a
 * 4xx/5xx and would lose them); it only wakes the page to flush.
 */
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    self.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((windows) => windows.forEach((client) => client.postMessage({ type: OUTBOX_FLUSH_MESSAGE }))),
  );
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  // An update waits until the user accepts it from the 'A new version is available' toast.
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === CACHE_PORTAL_CODE_MESSAGE) event.waitUntil(cacheAllPortalCode());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([self.clients.claim(), dropOldPortalCode()]));
});
