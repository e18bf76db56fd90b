import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  // SPEC §2: any unknown path goes to /.
  notFoundComponent: NotFoundRedirect,
});

function RootComponent() {
  // Marks the moment the page is interactive (hydrated or rendered); tests wait on it.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return <Outlet />;
}

function NotFoundRedirect() {
  return <Navigate to="/" replace />;
}
