/** The Cloud Storage screen's query keys: ['storage', kind, …] (offline.ts persists them). */
export const storageQueryKeys = {
  all: ['storage'] as const,
  /** One folder's items for a search ('' for the root folder and no search). */
  items: (folderId: string, search: string) => ['storage', 'items', { folderId, search }] as const,
  trash: () => ['storage', 'trash'] as const,
  folder: (folderId: string) => ['storage', 'folder', folderId] as const,
  usage: () => ['storage', 'usage'] as const,
  /**
   * One file's share links. Not in offline.ts's persisted kinds: every action on them needs the
   * network, and a list read from the phone could show a revoked link as working.
   */
  shares: (fileId: string) => ['storage', 'shares', fileId] as const,
};
