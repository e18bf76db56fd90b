import { createFileRoute } from '@tanstack/react-router';
import { usageQueryOptions } from '@/features/storage/api/get-folder';
import { folderItemsQueryOptions, trashQueryOptions } from '@/features/storage/api/get-items';
import { StorageScreen } from '@/features/storage/components/storage-screen';
import { enumParam, searchParamsReader, textParam } from '@/lib/listing/search-params-reader';

interface StorageSearch {
  /** The open folder's id; absent for the root. */
  folder?: string;
  /** The trash instead of a folder. */
  trash?: 'true';
}

const storageSearch = searchParamsReader<StorageSearch>({
  folder: textParam(64),
  trash: enumParam(['true'] as const),
});

export const Route = createFileRoute('/_portal/storage')({
  validateSearch: (search: Record<string, unknown>) =>
    storageSearch.parse({ ...search, trash: search.trash === true ? 'true' : search.trash }),
  loaderDeps: ({ search }) => search,
  // Warm, never wait: the screen shows skeleton rows while the items load.
  loader: ({ context, deps }) => {
    const { queryClient } = context;
    void queryClient
      .infiniteQuery(deps.trash ? trashQueryOptions() : folderItemsQueryOptions(deps.folder ?? '', ''))
      .catch(() => undefined);
    void queryClient.query(usageQueryOptions()).catch(() => undefined);
  },
  component: CloudStoragePage,
});

function CloudStoragePage() {
  const { folder, trash } = Route.useSearch();
  return (
    <StorageScreen key={trash ? 'trash' : (folder ?? '')} folderId={folder ?? ''} inTrash={Boolean(trash)} />
  );
}
