import { apiBaseUrl } from '@/lib/api-client';
import { readErrorBody } from '@/lib/server-error';
import { getToken } from '@/lib/session';

export interface PhotoProgress {
  sent: number;
  total: number;
  /** Bytes per second, over the upload so far. */
  speed: number;
}

export class PhotoUploadFailed extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when no answer came (the connection dropped). */
    readonly status: number,
  ) {
    super(message);
  }
}

export const photoUrl = (reportId: string, name: string) =>
  `${apiBaseUrl}/activity-reports/${encodeURIComponent(reportId)}/photos/${encodeURIComponent(name)}`;

/**
 * PUT /api/activity-reports/{id}/photos/{name} with the compressed picture as the body. XHR, since
 * fetch cannot tell how much of a request body has gone (the progress bar and time left).
 */
export function uploadPhoto(
  reportId: string,
  name: string,
  blob: Blob,
  onProgress: (progress: PhotoProgress) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const started = performance.now();
    xhr.open('PUT', photoUrl(reportId, name));
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', blob.type || 'image/jpeg');
    xhr.upload.onprogress = (event) => {
      const seconds = Math.max((performance.now() - started) / 1000, 0.001);
      onProgress({ sent: event.loaded, total: event.total || blob.size, speed: event.loaded / seconds });
    };
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 201) return resolve();
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the status says what happened.
      }
      const problem = readErrorBody(body, xhr.status);
      reject(
        new PhotoUploadFailed(problem?.message || `The photo was not sent (${xhr.status}).`, xhr.status),
      );
    };
    xhr.onerror = () => reject(new PhotoUploadFailed('The connection dropped.', 0));
    xhr.onabort = () => reject(new DOMException('Cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(blob);
  });
}
