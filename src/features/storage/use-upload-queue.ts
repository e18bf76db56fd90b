import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { useOffline } from '@/lib/connectivity';
import { getStoredUser } from '@/lib/session';
import { uploadRunner } from './upload-runner';
import { UploadQueue } from './upload-queue';

const noSend = () => Promise.reject(new Error('Sign in to upload files.'));

/**
 * The screen's view of the page's upload queue (upload-runner.ts): it goes on when the screen is
 * left, and what is not sent yet is kept on the device for the next visit.
 */
export function useUploadQueue() {
  const queryClient = useQueryClient();
  const [queue] = useState(() => {
    const userId = getStoredUser()?.id;
    // /storage is signed-in only; without a session there is nothing to send as.
    return userId ? uploadRunner.queueOf(userId, queryClient) : new UploadQueue(noSend);
  });
  const uploads = useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);
  const offline = useOffline();
  return { queue, uploads, offline };
}
