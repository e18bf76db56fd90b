import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { onSessionExpired } from '@/lib/api-client';
import { registerServiceWorker } from '@/lib/pwa';
import { createQueryClient } from '@/lib/query-client';
import { syncThemeOnStart } from '@/lib/theme';
import { createAppRouter } from './router';
import './styles.css';

syncThemeOnStart();
const queryClient = createQueryClient();
// No mutation defaults are registered here yet: today's mutations all run with networkMode
// 'always', so none is ever paused and restored, and their modules would put zod on every page's
// first load. Offline-capable mutations register here, light, with the persisted outbox (ADR 0006).
onSessionExpired(() => queryClient.clear());

const router = createAppRouter(queryClient);

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);

const container = document.getElementById('root')!;
// Public pages arrive prerendered for their bare path: load their route chunks first, then hydrate
// the same markup. With a query string (a shared filtered listing, a sign-in redirect) the page's
// state differs from the prerendered one, so it renders fresh, replacing the prerendered markup at
// its first commit. Every other path gets the empty app shell and renders on the client.
if (container.hasChildNodes() && !window.location.search) {
  void router.load().then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}

void registerServiceWorker();
