import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, within } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/testing/render-with-router';
import { MarketingLayout } from './marketing-layout';

async function app(ui: ReactNode, path: string) {
  const rootRoute = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => rootRoute, path, component: () => ui });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  return (
    <StrictMode>
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </StrictMode>
  );
}

/** Public pages are prerendered in Node: render with no browser globals, so touching one fails. */
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
  Reflect.deleteProperty(window, 'scrollY');
});

const page = (
  <MarketingLayout footerSlot={<p>Newsletter here</p>}>
    <h1>Pricing</h1>
  </MarketingLayout>
);

it('prerenders the header closed and at the top, then hydrates without a mismatch in a scrolled dark page', async () => {
  const html = renderOnServer(await app(page, '/pricing'));
  expect(html).toContain('data-scrolled="false"');
  expect(html).toContain('aria-label="Open menu"');
  expect(html).toContain('href="/#services"');
  expect(html).toContain('Skip to main content');
  expect(html).toContain('Newsletter here');

  // The visitor's browser differs from the build machine: dark theme stored, page already scrolled.
  localStorage.setItem('theme', 'dark');
  document.documentElement.classList.add('dark');
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 200 });
  vi.stubGlobal(
    'matchMedia',
    vi.fn().mockImplementation((q: string) => ({
      matches: false,
      media: q,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable = vi.fn();
  const consoleError = vi.spyOn(console, 'error');
  const clientTree = await app(page, '/pricing');
  const target = container;
  await act(async () => {
    root = hydrateRoot(target, clientTree, { onRecoverableError: recoverable });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(consoleError).not.toHaveBeenCalled();

  // After hydration the browser's state shows.
  const banner = within(target).getByRole('banner');
  expect(banner).toHaveAttribute('data-scrolled', 'true');
  expect(within(banner).getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
});
