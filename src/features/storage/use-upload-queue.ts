import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useOffline } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { storageQueryKeys } from './api/query-keys';
import { uploadSmallFile } from './api/upload-file';
import { uploadResumable } from './api/upload-resumable';
import { UploadQueue, type SendUpload } from './upload-queue';

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

/** The screen's upload queue: toasts on each outcome, the listing asked again after each upload. */
export function useUploadQueue() {
  const queryClient = useQueryClient();
  const [queue] = useState(
    () =>
      new UploadQueue(sendUpload, {
        onDone: (upload) => {
          notify.success(`${upload.file.name} uploaded.`);
          void queryClient.invalidateQueries({ queryKey: storageQueryKeys.all });
        },
        onFailed: (upload) => notify.error(`${upload.file.name}: ${upload.error}`),
      }),
  );
  const uploads = useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);
  const offline = useOffline();
  useEffect(() => queue.setOnline(!offline), [queue, offline]);
  useEffect(() => () => queue.stop(), [queue]);
  return { queue, uploads, offline };
}
