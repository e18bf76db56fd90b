import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useOffline } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { storageQueryKeys } from './api/query-keys';
import { uploadSmallFile } from './api/upload-file';
import { UploadQueue } from './upload-queue';

/** The screen's upload queue: toasts on each outcome, the listing asked again after each upload. */
export function useUploadQueue() {
  const queryClient = useQueryClient();
  const [queue] = useState(
    () =>
      new UploadQueue(uploadSmallFile, {
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
