import type { QueryClient } from '@tanstack/react-query';
import {
  createRouter,
  parseSearchWith,
  stringifySearchWith,
  type RouterHistory,
} from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

const jsonStructure = /^[[{]/;

/**
 * Text in the address stays as written. The default JSON-parses every value and so, once a route's
 * validator had made the provider's `?transaction_id=12345` text, wrote it back into the address as
 * `"12345"`. Only objects and arrays are JSON here; numbers and booleans are read by the router's
 * decoding and made text by the validators that want text.
 */
const parseStructure = (value: string): unknown => {
  if (!jsonStructure.test(value)) throw new Error('Plain text stays text.');
  return JSON.parse(value);
};

/** One router definition for the browser and for build-time prerendering, so both render alike. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history && { history }),
    defaultPreload: 'intent',
    parseSearch: parseSearchWith(parseStructure),
    stringifySearch: stringifySearchWith(JSON.stringify, parseStructure),
    defaultPendingComponent: () => <p role="status">Loading...</p>,
    // Prerendering must not emit the router's inline scroll-restoration script (strict CSP).
    scrollRestoration: !history,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
