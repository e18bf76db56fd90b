import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerAuthMutationDefaults } from '@/features/auth/api/auth-mutation-defaults';
import { onSessionExpired } from '@/lib/api-client';
import { registerServiceWorker } from '@/lib/pwa';
import { createQueryClient } from '@/lib/query-client';
import { routeTree } from './routeTree.gen';
import './styles.css';

const queryClient = createQueryClient();
registerAuthMutationDefaults(queryClient);
onSessionExpired(() => queryClient.clear());

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPendingComponent: () => <p role="status">Loading...</p>,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();
