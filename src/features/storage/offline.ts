import type { OfflineRegistration } from '@/lib/offline-registration';
import { keptFilesData } from './kept-files';
import { savedUploads, uploadsAsSideQueue } from './saved-uploads';

/**
 * What Cloud Storage keeps for reading offline: the folder listings seen (the unfiltered ones, and
 * the newest few searches), the trash, each folder's breadcrumbs and the storage meter. Per user:
 * logout wipes them. Keys: storageQueryKeys (api/query-keys.ts).
 */
export const storageOffline: OfflineRegistration = {
  root: 'storage',
  persist: ['items', 'trash', 'folder', 'usage'],
  filteredLists: ['items'],
  // Files chosen for upload and not sent yet (saved-uploads.ts); files kept for offline (kept-files.ts).
  userData: [savedUploads, keptFilesData],
  // Files waiting to upload are listed and counted with the outbox's own entries.
  sideQueues: [uploadsAsSideQueue(savedUploads)],
};
