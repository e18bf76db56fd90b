import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from './api-client';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
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
