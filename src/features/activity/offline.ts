import type { OfflineRegistration } from '@/lib/offline-registration';
import { getStoredUser, onSignedIn } from '@/lib/session';
import { reportDrafts } from './report-draft';
import { photosAsSideQueue, reportPhotos } from './report-photos';

/**
 * What the activity screens keep for reading offline: the reports lists seen (the unfiltered one,
 * and the newest few filters, the review queue among them), the hours summary, the volunteers'
 * totals and the volunteer's task options. Per user: logout wipes them. Keys: activityQueryKeys
 * (api/query-keys.ts). Report photos not sent yet and the draft are the user's data on the device.
 */
export const activityOffline: OfflineRegistration = {
  root: 'activity',
  persist: ['reports', 'summary', 'volunteers', 'task-options'],
  filteredLists: ['reports'],
  userData: [reportPhotos, reportDrafts],
  sideQueues: [photosAsSideQueue(reportPhotos)],
  // Photos left waiting by an earlier visit go on once the page has loaded, whatever the screen; the
  // uploader's code loads only when something waits.
  resume: () => {
    const start = () => {
      const userId = getStoredUser()?.id;
      if (!userId) return;
      void reportPhotos
        .countUnsent(userId)
        .then(async (waiting) => {
          if (waiting === 0) return;
          const { photoUploader } = await import('./photo-uploader');
          photoUploader.start();
        })
        .catch(() => undefined);
    };
    onSignedIn(start);
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  },
};
