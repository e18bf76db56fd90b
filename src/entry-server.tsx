import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { setPrerenderPathname } from '@/lib/current-path';
import { grantsListing } from '@/features/grants/grants-listing-definition';
import type { ListingDefinition, ListingFilter } from '@/lib/listing/listing-definition';
import { pagedListingKey, type ListingPage } from '@/lib/listing/paged-query';
import { forgetPageData, markPageData, pageDataBlock } from '@/lib/page-data';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from './router';

/** Pages the server renders over their listing's first page (ADR 0028): path → listing. */
const listingPages: Record<string, ListingDefinition<never, ListingFilter>> = {
  '/public-grants': grantsListing as unknown as ListingDefinition<never, ListingFilter>,
};

/** The listing a page renders over its first page at request time, if any: its API path and page size. */
export function listingOfPage(pathname: string): { path: string; pageSize: number } | undefined {
  const def = listingPages[pathname];
  return def && { path: def.path, pageSize: def.pageSize };
}

async function render(url: string, seed?: (queryClient: QueryClient, search: ListingFilter) => void) {
  const pathname = new URL(url, 'http://prerender.invalid').pathname;
  setPrerenderPathname(pathname);
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
  // The route's validated search is what its listing keys the query by.
  seed?.(queryClient, (router.state.matches.at(-1)?.search ?? {}) as ListingFilter);
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
    const markup = await new Response(prelude).text();
    return { markup, data: seed ? pageDataBlock(queryClient) : undefined };
  } finally {
    forgetPageData();
    // The client's gcTime (days, for the persisted cache) would leave a timer per query that keeps
    // the process alive for as long; the render is done, so drop them.
    queryClient.clear();
  }
}

/** Build time: renders one public route to the HTML that the browser will hydrate. */
export async function renderRoute(url: string): Promise<string> {
  return (await render(url)).markup;
}

/**
 * Request time: renders a listing page over its first page of items (as the API answered it), and
 * returns the markup with the data block the browser hydrates from (src/lib/page-data.ts).
 */
export async function renderListingPage(
  url: string,
  firstPage: ListingPage<unknown>,
): Promise<{ markup: string; data: string }> {
  const def = listingPages[new URL(url, 'http://prerender.invalid').pathname];
  if (!def) throw new Error(`${url} is not rendered over a listing.`);
  const { markup, data } = await render(url, (queryClient, search) => {
    const key = pagedListingKey(def, search) as unknown[];
    queryClient.setQueryData(key, { pages: [firstPage], pageParams: [''] });
    markPageData([key]);
  });
  return { markup, data: data! };
}
