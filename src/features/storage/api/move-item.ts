import type { StorageItem, UpdateFileBody, UpdateFolderBody } from '@contract/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storageQueryKeys } from './query-keys';

export interface ItemMove {
  item: Pick<StorageItem, 'kind' | 'id'>;
  /** The destination folder; '' for the root (All files). */
  folderId: string;
}

/**
 * PATCH the item's place: a file's `folderId`, a folder's `parentId`, null for the root. The server
 * refuses a folder moved into itself or its descendants, and a name already used there (409).
 */
export function sendItemMove({ item, folderId }: ItemMove): Promise<StorageItem> {
  const place = folderId || null;
  if (item.kind === 'folder')
    return api<StorageItem>(`/folders/${encodeURIComponent(item.id)}`, {
      method: 'PATCH',
      body: { parentId: place } satisfies UpdateFolderBody,
    });
  return api<StorageItem>(`/files/${encodeURIComponent(item.id)}`, {
    method: 'PATCH',
    body: { folderId: place } satisfies UpdateFileBody,
  });
}

/** A move, then every storage answer asked again: both folders' listings and the breadcrumbs change. */
export function useMoveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendItemMove,
    // Offline the dialog disables its button; a request that fails anyway is an error to show, not a
    // paused mutation that would move the item later behind the user's back.
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: storageQueryKeys.all }),
  });
}
