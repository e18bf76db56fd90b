import { pagedItems } from './paged-items';
import { storageQueryKeys } from './query-keys';

/** The folders directly inside a folder ('' for the root), by name: a move's destinations. */
export const subfoldersQueryOptions = (parentId: string) =>
  pagedItems('/folders', storageQueryKeys.subfolders(parentId), { parentId: parentId || undefined });
