import { createFileRoute } from '@tanstack/react-router';
import { usageQueryOptions } from '@/features/storage/api/get-folder';
import { sortedItemsQueryOptions } from '@/features/storage/api/get-folder-items';
import { trashQueryOptions } from '@/features/storage/api/get-items';
import { StorageScreen } from '@/features/storage/components/storage-screen';
import {
  sortChoiceOf,
  sortParamsOf,
  storageSortFields,
  storageSortOrders,
  type SortParams,
} from '@/features/storage/components/storage-sort';
import { enumParam, searchParamsReader, textParam } from '@/lib/listing/search-params-reader';

interface StorageSearch extends SortParams {
  /** The open folder's id; absent for the root. */
  folder?: string;
  /** The trash instead of a folder. */
  trash?: 'true';
}

const storageSearch = searchParamsReader<StorageSearch>({
  folder: textParam(64),
  trash: enumParam(['true'] as const),
  sortBy: enumParam(storageSortFields),
  sortOrder: enumParam(storageSortOrders),
});

export const Route = createFileRoute('/_portal/storage')({
  validateSearch: (search: Record<string, unknown>) =>
    storageSearch.parse({ ...search, trash: search.trash === true ? 'true' : search.trash }),
  loaderDeps: ({ search }) => search,
  // Warm, never wait: the screen shows skeleton rows while the items load.
  loader: ({ context, deps }) => {
    const { queryClient } = context;
    void queryClient
      .infiniteQuery(
        deps.trash
          ? trashQueryOptions()
          : sortedItemsQueryOptions(deps.folder ?? '', '', sortChoiceOf(deps).sort),
      )
      .catch(() => undefined);
    void queryClient.query(usageQueryOptions()).catch(() => undefined);
  },
  component: CloudStoragePage,
});

function CloudStoragePage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { folder, trash } = search;
  return (
    <StorageScreen
      key={trash ? 'trash' : (folder ?? '')}
      folderId={folder ?? ''}
      inTrash={Boolean(trash)}
      sort={sortChoiceOf(search)}
      onSortChange={(choice) =>
        void navigate({ search: (prev) => ({ ...prev, ...sortParamsOf(choice) }), resetScroll: false })
      }
    />
  );
}
