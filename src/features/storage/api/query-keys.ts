/** The Cloud Storage screen's query keys: ['storage', kind, …] (offline.ts persists them). */
export const storageQueryKeys = {
  all: ['storage'] as const,
  /** One folder's items for a search ('' for the root folder and no search). */
  items: (folderId: string, search: string) => ['storage', 'items', { folderId, search }] as const,
  trash: () => ['storage', 'trash'] as const,
  folder: (folderId: string) => ['storage', 'folder', folderId] as const,
  usage: () => ['storage', 'usage'] as const,
};
