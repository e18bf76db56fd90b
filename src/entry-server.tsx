import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { setPrerenderPathname } from '@/lib/current-path';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from './router';

/** Build-time only: renders one public route to the HTML that the browser will hydrate. */
export async function renderRoute(url: string): Promise<string> {
  setPrerenderPathname(new URL(url, 'http://prerender.invalid').pathname);
  const queryClient = createQueryClient();
  // The router is built with its browser code (so markup matches the client's); its constructor
  // peeks at window.origin and registers itself on self; bare stand-ins satisfy both.
  const g = globalThis as { window?: unknown; self?: unknown };
  g.window = {};
  g.self = {};
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  delete g.window;
  delete g.self;
  await router.load();
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  // The client's gcTime (days, for the persisted cache) would leave a timer per query that keeps
  // the build process alive for as long; the render is done, so drop them.
  queryClient.clear();
  return new Response(prelude).text();
}
