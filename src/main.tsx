import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { onSessionExpired } from '@/lib/api-client';
import { registerServiceWorker } from '@/lib/pwa';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from './router';
import './styles.css';

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
// Public pages arrive prerendered: load their route chunks first, then hydrate the same markup.
// Every other path gets the empty app shell and renders on the client.
if (container.hasChildNodes()) {
  void router.load().then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}

void registerServiceWorker();
