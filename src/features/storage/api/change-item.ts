import type { StorageItem } from '@contract/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storageQueryKeys } from './query-keys';

const base = (item: Pick<StorageItem, 'kind' | 'id'>) =>
  `/${item.kind === 'folder' ? 'folders' : 'files'}/${encodeURIComponent(item.id)}`;

export type ItemChange =
  | { kind: 'create-folder'; name: string; parentId: string }
  | { kind: 'rename'; item: StorageItem; name: string }
  | { kind: 'trash'; item: StorageItem }
  | { kind: 'restore'; item: StorageItem }
  | { kind: 'purge'; item: StorageItem };

/** Sends one change to a file or folder (these need the network: the screen says so offline). */
export function sendItemChange(change: ItemChange): Promise<unknown> {
  switch (change.kind) {
    case 'create-folder':
      return api('/folders', {
        method: 'POST',
        body: { name: change.name, parentId: change.parentId || null },
      });
    case 'rename':
      return api(base(change.item), { method: 'PATCH', body: { name: change.name } });
    case 'trash':
      return api(base(change.item), { method: 'DELETE' });
    case 'restore':
      return api(`${base(change.item)}/restore`, { method: 'POST' });
    case 'purge':
      return api(
        `/${change.item.kind === 'folder' ? 'folders' : 'files'}/trash/${encodeURIComponent(change.item.id)}`,
        { method: 'DELETE' },
      );
  }
}

/** A change, then every storage answer asked again (listings, trash, breadcrumbs and usage move together). */
export function useItemChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendItemChange,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: storageQueryKeys.all }),
  });
}
