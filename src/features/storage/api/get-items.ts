import type { StorageItem } from '@contract/files';
import { infiniteQueryOptions, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { fetchListingPage, itemsOf, type ListingPage } from '@/lib/listing/paged-query';
import { storageQueryKeys } from './query-keys';

/** contract/paging.ts's PAGE_LIMIT_MAX: items come a hundred at a time. */
const PAGE_SIZE = 100;

const pagedItems = (path: string, queryKey: QueryKey, query: Record<string, string | undefined>) =>
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

/** A folder's folders, then its files, by name; `search` keeps the names containing it. */
export const folderItemsQueryOptions = (folderId: string, search: string) =>
  pagedItems('/files', storageQueryKeys.items(folderId, search), {
    folderId: folderId || undefined,
    search: search || undefined,
  });

/** What is in the trash, most recently deleted first. */
export const trashQueryOptions = () => pagedItems('/files/trash', storageQueryKeys.trash(), {});

/** A listing of items with its pages flattened. */
export function useItems(options: ReturnType<typeof trashQueryOptions>) {
  const query = useInfiniteQuery(options);
  return { query, items: itemsOf(query.data) };
}
