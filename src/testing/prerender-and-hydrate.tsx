import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, vi } from 'vitest';
import { createTestQueryClient } from './render-with-router';

// Public pages are prerendered at build time and hydrated (ADR 0005); this checks both halves.

async function app(ui: ReactNode, path: string, queryClient = createTestQueryClient()) {
  const rootRoute = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => rootRoute, path, component: () => ui });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </StrictMode>
  );
}

/** The page is prerendered in Node: render with no browser globals at all, so touching one fails. */
function renderOnServer(tree: ReactNode): string {
  for (const name of ['window', 'document', 'localStorage', 'sessionStorage', 'matchMedia', 'navigator'])
    vi.stubGlobal(name, undefined);
  try {
    return renderToString(tree);
  } finally {
    vi.unstubAllGlobals();
  }
}

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
  vi.restoreAllMocks();
});

/** Prerenders `ui` as the build does, then hydrates that HTML in the browser and fails on any mismatch. */
export async function prerenderAndHydrate(
  ui: ReactNode,
  path: string,
  /** Sets up the visitor's browser, which may differ from the build machine (theme, scroll). */
  beforeHydrate?: () => void,
  /** The server's and the browser's query caches, for a page rendered over its data (ADR 0028). */
  queryClients?: { server: QueryClient; client: QueryClient },
) {
  const html = renderOnServer(await app(ui, path, queryClients?.server));
  beforeHydrate?.();
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  // The router restores scroll on hydration; jsdom has no layout and only logs 'Not implemented'.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const recoverable = vi.fn();
  const consoleError = vi.spyOn(console, 'error');
  const clientTree = await app(ui, path, queryClients?.client);
  const target = container;
  await act(async () => {
    root = hydrateRoot(target, clientTree, { onRecoverableError: recoverable });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(consoleError).not.toHaveBeenCalled();
  return { html, container: target };
}
