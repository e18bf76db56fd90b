import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useOffline } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { getStoredUser } from '@/lib/session';
import { storageQueryKeys } from './api/query-keys';
import { uploadSmallFile } from './api/upload-file';
import { uploadResumable } from './api/upload-resumable';
import { savedUploads } from './saved-uploads';
import { UploadQueue, type SendUpload, type UploadKeeper } from './upload-queue';

/**
 * Up to this size a file goes in one request; larger ones go resumable, chunk by chunk, so a dropped
 * 2G connection costs seconds of sending, not the whole file.
 */
const ONE_REQUEST_MAX_BYTES = 64 * 1024;

const sendUpload: SendUpload = (file, folderId, onProgress, signal) =>
  (file.size <= ONE_REQUEST_MAX_BYTES ? uploadSmallFile : uploadResumable)(
    file,
    folderId,
    onProgress,
    signal,
  );

/** The device's copy of the queue, for the signed-in user; without one (no session) nothing is kept. */
function keeperFor(userId: string | undefined): UploadKeeper {
  if (!userId) return { keep: () => undefined, forget: () => undefined };
  return {
    keep: (upload) =>
      void savedUploads
        .put({ id: upload.id, userId, folderId: upload.folderId, file: upload.file, addedAt: Date.now() })
        .catch(() =>
          notify.error(`${upload.file.name} could not be kept on this device; keep this page open.`),
        ),
    forget: (id) => void savedUploads.remove(id).catch(() => undefined),
  };
}

/**
 * The screen's upload queue: toasts on each outcome, the listing asked again after each upload.
 * What is not sent yet is kept on the device and picked up again on the next visit.
 */
export function useUploadQueue() {
  const queryClient = useQueryClient();
  const [userId] = useState(() => getStoredUser()?.id);
  const [queue] = useState(
    () =>
      new UploadQueue(
        sendUpload,
        {
          onDone: (upload) => {
            notify.success(`${upload.file.name} uploaded.`);
            void queryClient.invalidateQueries({ queryKey: storageQueryKeys.all });
          },
          onFailed: (upload) => notify.error(`${upload.file.name}: ${upload.error}`),
        },
        keeperFor(userId),
      ),
  );
  const uploads = useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);
  const offline = useOffline();
  useEffect(() => queue.setOnline(!offline), [queue, offline]);
  useEffect(() => {
    if (userId)
      void savedUploads
        .all(userId)
        .then((kept) => queue.restore(kept))
        .catch(() => undefined);
    return () => queue.stop();
  }, [queue, userId]);
  return { queue, uploads, offline };
}
