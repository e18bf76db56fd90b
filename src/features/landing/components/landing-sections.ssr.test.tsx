import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/testing/render-with-router';
import { AboutSection } from './about-section';
import { AboutTheCompanySection } from './about-the-company-section';
import { ContactSection } from './contact-section';
import { GetStartedSection } from './get-started-section';
import { Hero } from './hero';
import { NewsletterForm } from './newsletter-form';
import { ServicesSection } from './services-section';
import { SponsorsSection } from './sponsors-section';
import { StatsSection } from './stats-section';
import { TestimonialsSection } from './testimonials-section';

function Landing() {
  return (
    <main>
      <Hero />
      <AboutTheCompanySection />
      <ServicesSection />
      <AboutSection />
      <TestimonialsSection />
      <StatsSection />
      <GetStartedSection />
      <ContactSection />
      <SponsorsSection />
      <NewsletterForm />
    </main>
  );
}

async function app() {
  const rootRoute = createRootRoute({ component: Outlet });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Landing });
  const router = createRouter({
    routeTree: rootRoute.addChildren([home]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
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

/** Render as the prerender does: with no browser globals at all, so touching one fails loudly. */
function withoutBrowserGlobals<T>(render: () => T): T {
  for (const name of ['window', 'document', 'localStorage', 'sessionStorage', 'matchMedia', 'navigator'])
    vi.stubGlobal(name, undefined);
  try {
    return render();
  } finally {
    vi.unstubAllGlobals();
  }
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  vi.restoreAllMocks();
});

describe('landing sections', () => {
  it('render without browser globals and hydrate to the same markup', async () => {
    const tree = await app();
    const html = withoutBrowserGlobals(() => renderToString(tree));
    const ids = [...html.matchAll(/<section id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual([
      'about-the-company',
      'services',
      'about',
      'testimonials',
      'stats',
      'get-started',
      'contact',
      'sponsors',
    ]);

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // The router restores scroll on hydration; jsdom has no layout and only logs 'Not implemented'.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    const clientTree = await app();
    await act(async () => {
      root = hydrateRoot(container, clientTree, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    container.remove();
  });
});
