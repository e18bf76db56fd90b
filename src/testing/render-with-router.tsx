import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useLocation,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { vi } from 'vitest';

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Where a navigation away from the screen under test landed. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.href}</p>;
}

/**
 * Renders `ui` at `path` in a real in-memory router (one route for the screen, a catch-all for
 * wherever it navigates), inside StrictMode like the app. window.location is moved to `path`
 * too, because the API client's 401 rule reads the browser's path, not the router's.
 */
export async function renderWithRouter(
  ui: ReactNode,
  { path = '/', queryClient = createTestQueryClient() }: { path?: string; queryClient?: QueryClient } = {},
) {
  window.history.replaceState(null, '', path);
  // The router restores scroll on navigation; jsdom has no layout and only logs 'Not implemented'.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const pathname = new URL(path, 'http://localhost').pathname;
  const rootRoute = createRootRoute({ component: Outlet });
  const screenRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: pathname,
    component: function Screen() {
      return <>{ui}</>;
    },
  });
  const elsewhereRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: Elsewhere });
  const router = createRouter({
    routeTree: rootRoute.addChildren([screenRoute, elsewhereRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const user = userEvent.setup();
  const result = render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {/* The test tree is not the app's registered tree; the screen's links are typed against the app. */}
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...result, router, queryClient, user };
}
