import { useInfiniteQuery } from '@tanstack/react-query';
import { itemsOf } from '@/lib/listing/paged-query';
import { pagedItems } from './paged-items';
import { storageQueryKeys } from './query-keys';

/** What is in the trash, most recently deleted first. */
export const trashQueryOptions = () => pagedItems('/files/trash', storageQueryKeys.trash(), {});

/** A listing of items with its pages flattened. */
export function useItems(options: ReturnType<typeof trashQueryOptions>) {
  const query = useInfiniteQuery(options);
  return { query, items: itemsOf(query.data) };
}
