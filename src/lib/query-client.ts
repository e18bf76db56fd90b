import { QueryCache, QueryClient } from '@tanstack/react-query';
import { errorStatus } from './api-client';
import { PERSIST_MAX_AGE_MS } from './query-persistence-policy';
import { takeSavedAt } from './saved-at';

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      // An answer the service worker read back from its cache is as old as the server made it.
      onSuccess: (_data, query) => {
        const savedAt = takeSavedAt(query.queryHash);
        if (savedAt !== undefined && savedAt < query.state.dataUpdatedAt)
          query.setState({ dataUpdatedAt: savedAt });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Known trap: a query dropped from memory before the persister's maxAge is dropped from
        // IndexedDB at the next save too.
        gcTime: PERSIST_MAX_AGE_MS,
        // One attempt even when offline: the service worker may answer it from its cache; retries
        // then wait for the connection instead of failing the query.
        networkMode: 'offlineFirst',
        // A 4xx will not change on retry; the network on a 2G phone might.
        retry: (failureCount, error) => {
          const status = errorStatus(error);
          if (status && status >= 400 && status < 500) return false;
          return failureCount < 2;
        },
      },
    },
  });
}
