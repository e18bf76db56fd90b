import type { SortOrder } from '@contract/content-common';
import type { ListSortField } from '@contract/files';
import { pagedItems } from './paged-items';
import { storageQueryKeys } from './query-keys';

/** The order of a folder's listing (GET /files sortBy, sortOrder); folders always come first. */
export interface StorageSort {
  sortBy: ListSortField;
  sortOrder: SortOrder;
}

/**
 * A folder's folders, then its files, in the chosen order; `search` keeps the names containing it.
 * The sort is always sent, so the request names what the key says.
 */
export const sortedItemsQueryOptions = (folderId: string, search: string, sort: StorageSort) =>
  pagedItems('/files', storageQueryKeys.items(folderId, search, sort), {
    folderId: folderId || undefined,
    search: search || undefined,
    sortBy: sort.sortBy,
    sortOrder: sort.sortOrder,
  });
