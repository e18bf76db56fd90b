// First: zod must be configured before any module builds a schema (see the module).
import '@/lib/zod-config';
import '@/lib/storage-guard';
import '@/lib/install-prompt';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { onSessionExpired } from '@/lib/api-client';
import { clearOutboxForUser, countUnsentForUser, registerSideQueue, startOutbox } from '@/lib/outbox';
import { titleForPath } from '@/lib/document-title';
import { composeOfflinePolicy } from '@/lib/offline-registration';
import { registerServiceWorker } from '@/lib/pwa';
import { PAGE_DATA_ID } from '@contract/server-rendered-pages';
import { adoptPageData } from '@/lib/page-data';
import { expectHydratedContent } from '@/lib/app-ready';
import { createQueryClient } from '@/lib/query-client';
import { connectOnlineManager, onRestored, persistOptions } from '@/lib/query-persistence';
import { syncThemeOnStart } from '@/lib/theme';
import { registerSharedCaches, registerUserDataWipe, wipeUserData } from '@/lib/user-data-wipe';
import { offlineFeatures } from './offline-features';
import { createAppRouter } from './router';
import './styles.css';

syncThemeOnStart();
const queryClient = createQueryClient();
// A page the server rendered over its data (ADR 0028) hydrates from the same answers, before the
// route's loader would ask for them again.
adoptPageData(queryClient, document.getElementById(PAGE_DATA_ID)?.textContent);
// What each feature keeps for reading offline: the queries persisted, and the worker's caches of
// public answers that logout keeps.
const offline = composeOfflinePolicy(offlineFeatures);
registerSharedCaches(offline.sharedCaches);
// No mutation defaults are registered: mutations run with networkMode 'always' and none is
// persisted. Writes that may start offline go through the outbox (src/lib/outbox, ADR 0011).
connectOnlineManager();
registerUserDataWipe({ countUnsent: countUnsentForUser, clear: clearOutboxForUser });
for (const feature of offlineFeatures) {
  for (const store of feature.userData ?? []) registerUserDataWipe(store);
  for (const queue of feature.sideQueues ?? []) registerSideQueue(queue);
}
startOutbox();
for (const feature of offlineFeatures) feature.resume?.(queryClient);
// Shared phone: an expired session leaves nothing of its user readable on the device.
onSessionExpired(({ userId }) => wipeUserData(queryClient, userId, { includeUnsent: false }));

const router = createAppRouter(queryClient);
// Prerendered pages arrive with their title; client-side navigation keeps it in step.
router.subscribe('onResolved', ({ toLocation }) => {
  document.title = titleForPath(toLocation.pathname);
});

const app = (
  <StrictMode>
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions(queryClient, offline)}
      onSuccess={() => onRestored(queryClient, offline)}
    >
      <RouterProvider router={router} />
    </PersistQueryClientProvider>
  </StrictMode>
);

const container = document.getElementById('root')!;
// Public pages arrive prerendered for their bare path: load their route chunks first, then hydrate
// the same markup. With a query string (a shared filtered listing) the page's state differs from the
// prerendered one, so it renders fresh, replacing the prerendered markup at its first commit, unless
// the page renders the same whatever its query (sign-in with `redirect`: what was typed stays).
// Every other path gets the empty app shell and renders on the client.
const hydratable = !window.location.search || container.dataset.sameWithSearch !== undefined;
if (container.hasChildNodes() && hydratable) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: a slow phone keeps scrolling, and a tap made meanwhile is held
  // by public/boot.js and replayed once its control is hydrated (ADR 0025).
  expectHydratedContent();
  void router.load().then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  createRoot(container).render(app);
}

void registerServiceWorker();
