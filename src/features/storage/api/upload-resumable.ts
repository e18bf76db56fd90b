import type { StorageItem } from '@contract/files';
import { UPLOAD_FILE_ID_HEADER } from '@contract/uploads';
import { api, apiBaseUrl } from '@/lib/api-client';
import { getToken } from '@/lib/session';
import { adaptiveChunks } from '@/lib/uploads/tus-chunking';
import { keepsUpload } from '../upload-queue';
import { UploadFailed, type UploadProgress } from './upload-file';

/**
 * Uploads one file with the tus protocol (POST /uploads with the first chunk, then PATCH chunk by
 * chunk): a dropped connection resumes from the offset the server holds, re-sending at most the chunk
 * in flight, and the chunk size follows the measured throughput (tus-chunking.ts). The same file chosen again after a
 * reload resumes where it stopped (tus-js-client keeps its upload URL in localStorage).
 */
export async function uploadResumable(
  file: File,
  folderId: string,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
): Promise<StorageItem> {
  // Its own chunk: only an upload needs the tus client.
  const { Upload } = await import('tus-js-client');
  return new Promise<StorageItem>((resolve, reject) => {
    // Paused or cancelled while the tus client was loading: nothing was sent yet.
    if (signal.aborted) return reject(new DOMException('Cancelled', 'AbortError'));
    // Speed counts from the first progress seen: bytes already on the server (a resumed upload)
    // are not this page's sending.
    let first: { sent: number; at: number } | undefined;
    const chunks = adaptiveChunks((request) => {
      const token = getToken();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    });
    const upload = new Upload(file, {
      ...chunks.options,
      endpoint: `${apiBaseUrl}/uploads`,
      metadata: { filename: file.name, ...(folderId && { folderId }) },
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => {
        const now = performance.now();
        first ??= { sent, at: now };
        const seconds = (now - first.at) / 1000;
        onProgress({ sent, total, speed: seconds > 0 ? (sent - first.sent) / seconds : 0 });
      },
      onSuccess: ({ lastResponse }) => {
        const fileId = lastResponse.getHeader(UPLOAD_FILE_ID_HEADER);
        if (!fileId)
          return reject(new UploadFailed('The server did not say which file the upload became.', 0));
        api<StorageItem>(`/files/${encodeURIComponent(fileId)}`).then(resolve, reject);
      },
      onError: (error) => {
        const response = 'originalResponse' in error ? error.originalResponse : null;
        const status = response?.getStatus() ?? 0;
        let message = 'The connection dropped. Retry to continue from where it stopped.';
        try {
          const body = JSON.parse(response?.getBody() ?? '') as { message?: unknown };
          if (typeof body.message === 'string' && body.message) message = body.message;
        } catch {
          // Not the API's JSON: keep the connection message.
        }
        reject(new UploadFailed(message, status));
      },
    });
    chunks.follow(upload);
    signal.addEventListener(
      'abort',
      () => {
        // A cancel terminates the upload on the server too, which releases the storage it held; a
        // pause (the user's, or the session's end) keeps it there to go on from its offset.
        void upload.abort(!keepsUpload(signal.reason)).catch(() => undefined);
        reject(new DOMException('Cancelled', 'AbortError'));
      },
      { once: true },
    );
    void upload.findPreviousUploads().then((previous) => {
      if (signal.aborted) return;
      const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (last) upload.resumeFromPreviousUpload(last);
      upload.start();
    });
  });
}
