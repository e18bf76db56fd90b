import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // SPEC §2: any unknown path goes to /.
  notFoundComponent: NotFoundRedirect,
});

function NotFoundRedirect() {
  return <Navigate to="/" replace />;
}
