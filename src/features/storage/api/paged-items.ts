import type { StorageItem } from '@contract/files';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { fetchListingPage, type ListingPage } from '@/lib/listing/paged-query';

/** contract/paging.ts's PAGE_LIMIT_MAX: items come a hundred at a time. */
const PAGE_SIZE = 100;

/** One paged storage listing (the items of a folder, a folder's subfolders), a hundred at a time. */
export const pagedItems = (path: string, queryKey: QueryKey, query: Record<string, string | undefined>) =>
  // The callers build the key from the same path and query.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      fetchListingPage<StorageItem>(path, {
        queryKey,
        query,
        cursor: pageParam || undefined,
        limit: PAGE_SIZE,
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last: ListingPage<StorageItem>) => last.nextCursor,
  });
