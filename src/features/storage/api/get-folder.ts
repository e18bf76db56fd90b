import type { FolderDetail, StorageUsageAnswer } from '@contract/files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storageQueryKeys } from './query-keys';

/** A folder with its breadcrumbs (root first). Answers are trusted, keeping zod off this chunk. */
export const folderQueryOptions = (folderId: string) =>
  queryOptions({
    queryKey: storageQueryKeys.folder(folderId),
    queryFn: ({ signal }) => api<FolderDetail>(`/folders/${encodeURIComponent(folderId)}`, { signal }),
    enabled: folderId !== '',
  });

export const useFolder = (folderId: string) => useQuery(folderQueryOptions(folderId));

/** Bytes used (trash included), held by uploads in flight, and the plan's limit. */
export const usageQueryOptions = () =>
  queryOptions({
    queryKey: storageQueryKeys.usage(),
    queryFn: ({ signal }) => api<StorageUsageAnswer>('/files/usage', { signal }),
  });

export const useUsage = () => useQuery(usageQueryOptions());
