import type { StorageItem } from '@contract/files';
import { apiBaseUrl } from '../api-client';
import { readErrorBody } from '../server-error';
import { getToken } from '../session';

export interface UploadProgress {
  sent: number;
  total: number;
  /** Bytes per second, over the upload so far. */
  speed: number;
}

export class UploadFailed extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when no answer came (the connection dropped). */
    readonly status: number,
  ) {
    super(message);
  }

  /** No answer at all: the same upload goes on once the connection is back. */
  get connectionLost() {
    return this.status === 0;
  }

  /** The session is over: the same upload goes on after the next sign-in. */
  get sessionEnded() {
    return this.status === 401;
  }
}

/**
 * Uploads one file in a single request (POST /files, up to 10 MB), reporting progress: XHR, since
 * fetch cannot tell how much of a request body has gone. `signal` cancels it.
 */
export function uploadSmallFile(
  file: Blob & { name: string },
  folderId: string,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
): Promise<StorageItem> {
  return new Promise((resolve, reject) => {
    const query = new URLSearchParams({ name: file.name, ...(folderId && { folderId }) });
    const xhr = new XMLHttpRequest();
    const started = performance.now();
    xhr.open('POST', `${apiBaseUrl}/files?${query}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      const seconds = Math.max((performance.now() - started) / 1000, 0.001);
      onProgress({ sent: event.loaded, total: event.total || file.size, speed: event.loaded / seconds });
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the status says what happened.
      }
      if (xhr.status === 201) return resolve(body as StorageItem);
      const problem = readErrorBody(body, xhr.status);
      reject(new UploadFailed(problem?.message || `The upload failed (${xhr.status}).`, xhr.status));
    };
    xhr.onerror = () => reject(new UploadFailed('The connection dropped. Retry when you are online.', 0));
    xhr.onabort = () => reject(new DOMException('Cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** A file's bytes: the content needs the user's token, so it is fetched rather than linked. */
export async function fetchFileContent(item: Pick<StorageItem, 'id'>): Promise<Blob> {
  const token = getToken();
  const response = await fetch(`${apiBaseUrl}/files/${encodeURIComponent(item.id)}/content`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  }).catch(() => {
    throw new UploadFailed(
      navigator.onLine
        ? 'The connection dropped. Try again.'
        : 'You are offline and this file is not kept on this device. Connect to download it.',
      0,
    );
  });
  if (!response.ok) {
    const problem = readErrorBody(await response.json().catch(() => null), response.status);
    throw new UploadFailed(problem?.message || `The download failed (${response.status}).`, response.status);
  }
  return response.blob();
}
