import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/**
 * Data a page arrives with (ADR 0028): the server renders /public-grants over its first page of
 * grants and embeds the same answers as a JSON data block (not executed, so the CSP is unchanged).
 * The browser puts them in its query cache before hydrating, so hydration renders what the server
 * rendered; a listing shows such data before hydration is over (use-paged-listing.ts), where it
 * would otherwise render what a build-time prerender, which had no data, rendered.
 */

const arrived = new Set<string>();

/** True when the page arrived with the answer of this query (its key as JSON). */
export function arrivedWithPageData(queryKeyJson: string): boolean {
  return arrived.has(queryKeyJson);
}

/** Server side: the queries in the cache, as the data block's text (safe inside a script element). */
export function pageDataBlock(queryClient: QueryClient): string {
  return JSON.stringify(dehydrate(queryClient)).replace(/</g, '\\u003c');
}

/**
 * Takes the page's data block into the query cache, dated now: the server renders the page again
 * whenever the data changes, so what it arrived with is current. Also marks it for the render.
 */
export function adoptPageData(queryClient: QueryClient, text: string | null | undefined, now = Date.now()) {
  if (!text) return;
  let state: DehydratedState;
  try {
    state = JSON.parse(text) as DehydratedState;
  } catch {
    return;
  }
  if (!Array.isArray(state?.queries)) return;
  for (const query of state.queries) {
    query.state.dataUpdatedAt = now;
    arrived.add(JSON.stringify(query.queryKey));
  }
  hydrate(queryClient, state);
}

/** Marks queries seeded on the server, for the server's render; `forgetPageData` after it. */
export function markPageData(queryKeys: readonly unknown[][]) {
  for (const key of queryKeys) arrived.add(JSON.stringify(key));
}

export function forgetPageData() {
  arrived.clear();
}
