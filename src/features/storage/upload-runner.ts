import type { QueryClient } from '@tanstack/react-query';
import { isOffline, subscribeConnectivity } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { getStoredUser } from '@/lib/session';
import { storageQueryKeys } from './api/query-keys';
import { uploadSmallFile } from './api/upload-file';
import { uploadResumable } from './api/upload-resumable';
import { savedUploads, type SavedUploads } from './saved-uploads';
import { UploadQueue, type SendUpload, type UploadKeeper } from './upload-queue';

/*
 * The page's one upload queue, for the signed-in user. It lives as long as the page, not the screen:
 * files chosen offline start when the connection returns wherever the user is in the portal, and
 * leaving /storage does not stop an upload. At app start a user with files kept on the device gets
 * them sent without opening /storage (offline.ts starts it). It ends with the session: another user's
 * queue, a logout (the wipe clears the store) or a 401 stops it, and what is not sent stays on the
 * device for that user's next queue.
 */

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

/** The device's copy of the queue, for `userId`. */
function keeperFor(store: SavedUploads, userId: string): UploadKeeper {
  return {
    keep: (upload) =>
      void store
        .put({ id: upload.id, userId, folderId: upload.folderId, file: upload.file, addedAt: Date.now() })
        .catch(() =>
          notify.error(`${upload.file.name} could not be kept on this device; keep this page open.`),
        ),
    forget: (id) => void store.remove(id).catch(() => undefined),
    setPaused: (id, paused) => void store.setPaused(id, paused).catch(() => undefined),
  };
}

interface Running {
  userId: string;
  queue: UploadQueue;
  end: () => void;
}

export interface UploadRunnerOptions {
  send?: SendUpload;
  store?: SavedUploads;
  /** Who is signed in now. */
  currentUserId?: () => string | undefined;
  connectivity?: { isOffline: () => boolean; subscribe: (listener: () => void) => () => void };
}

/** Makes the runner; the app's one is below (tests make their own). */
export function createUploadRunner({
  send = sendUpload,
  store = savedUploads,
  currentUserId = () => getStoredUser()?.id,
  connectivity = { isOffline, subscribe: subscribeConnectivity },
}: UploadRunnerOptions = {}) {
  let running: Running | null = null;

  const end = () => {
    running?.end();
    running = null;
  };

  /** The queue of `userId`, made (and filled from the device) on first use. */
  const queueOf = (userId: string, queryClient: QueryClient): UploadQueue => {
    // A queue stopped by a 401 is over too: after the next sign-in a new one picks its files up.
    if (running?.userId === userId && !running.queue.stopped) return running.queue;
    end();
    const queue = new UploadQueue(
      send,
      {
        onDone: (upload) => {
          notify.success(`${upload.file.name} uploaded.`);
          void queryClient.invalidateQueries({ queryKey: storageQueryKeys.all });
        },
        onFailed: (upload) => notify.error(`${upload.file.name}: ${upload.error}`),
      },
      keeperFor(store, userId),
    );
    queue.setOnline(!connectivity.isOffline());
    const stopFollowing = connectivity.subscribe(() => queue.setOnline(!connectivity.isOffline()));
    // A logout (the wipe empties the store after the session is cleared) or another user signed in:
    // this queue is over.
    const stopWatching = store.subscribe(() => {
      if (currentUserId() !== userId && running?.queue === queue) end();
    });
    running = {
      userId,
      queue,
      end: () => {
        stopFollowing();
        stopWatching();
        queue.stop();
      },
    };
    void store
      .all(userId)
      .then((kept) => running?.queue === queue && queue.restore(kept))
      .catch(() => undefined);
    return queue;
  };

  return {
    queueOf,
    end,
  };
}

export const uploadRunner = createUploadRunner();
