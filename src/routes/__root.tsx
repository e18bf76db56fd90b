import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router';
import { useAppReadyMark } from '@/lib/app-ready';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  // SPEC §2: any unknown path goes to /.
  notFoundComponent: NotFoundRedirect,
});

function RootComponent() {
  // A page rendered on the client is interactive once this commits; a hydrated one once its content
  // has (src/lib/app-ready.ts).
  useAppReadyMark('root');
  return <Outlet />;
}

function NotFoundRedirect() {
  return <Navigate to="/" replace />;
}
