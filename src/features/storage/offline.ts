import type { OfflineRegistration } from '@/lib/offline-registration';
import { getStoredUser, onSignedIn } from '@/lib/session';
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
  // Files kept from an earlier visit go on, whatever the screen, once the page has loaded (never
  // competing with its first paint, and with the page's toasts there to say each one arrived), and
  // after a sign-in in the page (a 401 stopped them: 'Sign in again to go on.'). The queue's code
  // loads only then: a visitor, or a user with nothing waiting, loads no upload code.
  resume: (queryClient) => {
    const start = () => {
      const userId = getStoredUser()?.id;
      if (!userId) return;
      void savedUploads
        .countUnsent(userId)
        .then(async (waiting) => {
          if (waiting === 0) return;
          const { uploadRunner } = await import('./upload-runner');
          if (getStoredUser()?.id === userId) uploadRunner.queueOf(userId, queryClient);
        })
        .catch(() => undefined);
    };
    const whenIdle = () =>
      window.requestIdleCallback
        ? window.requestIdleCallback(start, { timeout: 2000 })
        : setTimeout(start, 0);
    onSignedIn(whenIdle);
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  },
};
