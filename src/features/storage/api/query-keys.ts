/** The Cloud Storage screen's query keys: ['storage', kind, …] (offline.ts persists them). */
export const storageQueryKeys = {
  all: ['storage'] as const,
  /**
   * One folder's items ('' for the root) for a search and an order. The third element is the list's
   * filter as offline.ts reads it: only a search makes a listing filtered, the sort never does
   * (sortBy/sortOrder, lib/offline-registration.ts), so every folder's listing is kept offline in
   * each order seen; the folder is an element of its own after it, not a filter of the whole tree.
   */
  items: (folderId: string, search: string, sort?: { sortBy: string; sortOrder: string }) =>
    ['storage', 'items', { ...(search && { search }), ...sort }, folderId] as const,
  trash: () => ['storage', 'trash'] as const,
  folder: (folderId: string) => ['storage', 'folder', folderId] as const,
  /**
   * The folders inside one folder, for the move dialog's picker. Not persisted (offline.ts): a move
   * needs the network, so there is nothing to browse offline.
   */
  subfolders: (parentId: string) => ['storage', 'subfolders', parentId] as const,
  usage: () => ['storage', 'usage'] as const,
  /**
   * One file's share links. Not in offline.ts's persisted kinds: every action on them needs the
   * network, and a list read from the phone could show a revoked link as working.
   */
  shares: (fileId: string) => ['storage', 'shares', fileId] as const,
};
