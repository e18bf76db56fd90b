import { apiBaseUrl, handleUnauthorized } from '@/lib/api-client';
import { readErrorBody } from '@/lib/server-error';
import { getToken } from '@/lib/session';
import type { ResponsesFilter } from '../responses-filter';
import { apiQueryOf } from '../responses-filter';

/*
 * GET /forms/{formId}/exports/{csv|xlsx|geojson}: the responses as a file, streamed by the server as
 * it reads them. The download needs the bearer token, so it is fetched (not a plain link) and read
 * chunk by chunk, counting the bytes for the progress bar, then handed to the browser as a file.
 */

export type ExportFormat = 'csv' | 'xlsx' | 'geojson';

export interface ExportRequest {
  format: ExportFormat;
  filter: ResponsesFilter;
  /** Question labels as headers and choice labels as values, instead of names. */
  labels: boolean;
  language?: string;
  /** CSV: a repeat's table instead of the main one. */
  repeat?: string;
}

export interface DownloadProgress {
  received: number;
  /** The file's size when the server said it (Content-Length of an uncompressed answer). */
  total?: number;
  /** Bytes per second so far. */
  speed: number;
}

export class ExportFailed extends Error {}

const PROGRESS_EVERY_MS = 100;

/** The export's address: the listing's date, review and submitter filters (exports take no question filter). */
export function exportUrl(formId: string, request: ExportRequest): string {
  const { from, to, reviewStatus, submittedBy } = apiQueryOf(request.filter);
  const params = new URLSearchParams();
  const add = (name: string, value: string | undefined) => value && params.set(name, value);
  add('labels', request.labels ? 'true' : undefined);
  add('language', request.labels ? request.language : undefined);
  add('from', from);
  add('to', to);
  add('reviewStatus', reviewStatus);
  add('submittedBy', submittedBy);
  add('repeat', request.format === 'csv' ? request.repeat : undefined);
  const query = params.toString();
  return `${apiBaseUrl}/forms/${encodeURIComponent(formId)}/exports/${request.format}${query ? `?${query}` : ''}`;
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*` before `filename`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed escape: the plain name follows.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(disposition);
  return (plain?.[1] ?? plain?.[2])?.trim() || fallback;
}

export async function downloadExport(
  formId: string,
  request: ExportRequest,
  {
    onProgress,
    signal,
    now = () => performance.now(),
  }: {
    onProgress?: (progress: DownloadProgress) => void;
    signal?: AbortSignal;
    now?: () => number;
  } = {},
): Promise<{ blob: Blob; fileName: string }> {
  const token = getToken();
  const response = await fetch(exportUrl(formId, request), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
    signal,
  }).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    throw new ExportFailed(
      navigator.onLine ? 'The connection dropped. Try again.' : 'You are offline. Exports need a connection.',
    );
  });
  if (!response.ok) {
    if (response.status === 401) await handleUnauthorized();
    const problem = readErrorBody(await response.json().catch(() => null), response.status);
    throw new ExportFailed(problem?.message || `The export failed (${response.status}).`);
  }
  // A compressed answer's Content-Length counts the compressed bytes, not the ones read here.
  const length = Number(response.headers.get('content-length'));
  const total = length > 0 && !response.headers.get('content-encoding') ? length : undefined;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const fileName = fileNameOf(response.headers.get('content-disposition'), `responses.${request.format}`);
  const started = now();
  const chunks: BlobPart[] = [];
  let received = 0;
  let reported = -Infinity;
  // A screen redrawn for every 64 KB chunk of a 100 MB file is a slow phone's whole afternoon.
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const report = (last = false) => {
    const at = now();
    clearTimeout(trailing);
    if (!last && at - reported < PROGRESS_EVERY_MS) {
      // The bytes that came within the interval are still shown once it is over.
      trailing = setTimeout(() => report(true), PROGRESS_EVERY_MS - (at - reported));
      return;
    }
    reported = at;
    const seconds = Math.max((at - started) / 1000, 0.001);
    onProgress?.({ received, ...(total !== undefined && { total }), speed: received / seconds });
  };
  report();
  if (!response.body) {
    const blob = await response.blob();
    received = blob.size;
    report(true);
    return { blob, fileName };
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read().catch((error: unknown) => {
        if (signal?.aborted) throw error;
        throw new ExportFailed('The connection dropped during the download. Try again.');
      });
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      report();
    }
  } finally {
    clearTimeout(trailing);
  }
  report(true);
  return { blob: new Blob(chunks, { type }), fileName };
}
