import { FORM_MEDIA_METADATA, MEDIA_ALREADY_RECEIVED } from '@contract/forms/media';
import type { DetailedError, Upload } from 'tus-js-client';
import { apiBaseUrl } from '@/lib/api-client';
import { adaptiveChunks } from '@/lib/uploads/tus-chunking';
import { formDrafts } from './form-drafts';
import { formMedia, type FormMediaItem } from './form-media';
import { mediaProgress } from './media-progress';

/*
 * Sends the files of submitted responses (issue 14), one at a time, with the file layer's resumable
 * uploads: chunks sized to the measured link, a dropped connection resumed from the server's offset
 * (the upload's address is kept with the file, so a reload resumes it too). No token is sent: the open
 * form is the permission, for a visitor and a signed-in volunteer alike. A file leaves the device only
 * once the server holds it; one the server refuses stays, marked, until the person deletes it.
 */

/** After a network failure the runner waits this long, or for the browser's 'online'. */
const RETRY_AFTER_MS = 30_000;

type Outcome = 'done' | 'refused' | 'offline';

function readRefusal(error: Error): { status: number; code?: string; message?: string } {
  const response = (error as DetailedError).originalResponse;
  const status = response?.getStatus() ?? 0;
  try {
    const body = JSON.parse(response?.getBody() ?? '') as { code?: unknown; message?: unknown };
    return {
      status,
      ...(typeof body.code === 'string' && { code: body.code }),
      ...(typeof body.message === 'string' && { message: body.message }),
    };
  } catch {
    return { status };
  }
}

/** Statuses that say "later", not "no". */
const retriable = (status: number) => status === 0 || status >= 500 || [408, 423, 429].includes(status);

function createMediaUploader() {
  let running = false;
  let again = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const sendOne = async (item: FormMediaItem): Promise<Outcome> => {
    const { Upload } = await import('tus-js-client');
    let first: { sent: number; at: number } | undefined;
    // Saving the address is awaited before the outcome counts, so the file is never removed first.
    let saving: Promise<void> = Promise.resolve();
    const outcome = await new Promise<Outcome>((resolve) => {
      const chunks = adaptiveChunks();
      const upload: Upload = new Upload(item.blob, {
        ...chunks.options,
        endpoint: `${apiBaseUrl}/uploads`,
        ...(item.uploadUrl && { uploadUrl: item.uploadUrl }),
        metadata: {
          filename: item.name,
          filetype: item.blob.type,
          [FORM_MEDIA_METADATA.formId]: item.formId,
          [FORM_MEDIA_METADATA.instanceId]: item.instanceId,
        },
        // The address is kept with the file itself (form-media.ts), not by fingerprint.
        storeFingerprintForResuming: false,
        onUploadUrlAvailable: () => {
          if (upload.url && upload.url !== item.uploadUrl)
            saving = formMedia.setUploadUrl(item.key, upload.url).catch(() => undefined);
        },
        onShouldRetry: (error) => retriable(readRefusal(error).status),
        onProgress: (sent, total) => {
          const now = performance.now();
          first ??= { sent, at: now };
          const seconds = (now - first.at) / 1000;
          const speed = seconds > 0 ? (sent - first.sent) / seconds : 0;
          mediaProgress.set({ key: item.key, name: item.name, sent, total, speed });
        },
        onSuccess: () => resolve('done'),
        onError: (error) => {
          const refusal = readRefusal(error);
          if (refusal.code === MEDIA_ALREADY_RECEIVED) return resolve('done');
          if (retriable(refusal.status)) return resolve('offline');
          void formMedia
            .refuse(item.key, refusal.message ?? `The server refused this file (${refusal.status}).`)
            .then(() => resolve('refused'));
        },
      });
      chunks.follow(upload);
      upload.start();
    });
    await saving;
    return outcome;
  };

  const filling = async (instanceId: string) => Boolean(await formDrafts.get(instanceId));

  const pump = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        for (const item of await formMedia.due(filling)) {
          if (item.refused) continue;
          if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
          const outcome = await sendOne(item);
          mediaProgress.set(null);
          if (outcome === 'done') await formMedia.remove(item.key);
          if (outcome === 'offline') {
            clearTimeout(retryTimer);
            retryTimer = setTimeout(() => void pump(), RETRY_AFTER_MS);
            return;
          }
        }
      } while (again);
    } finally {
      running = false;
      mediaProgress.set(null);
    }
  };

  let started = false;
  return {
    /** Sends what is due now, and again whenever files change or the connection returns. */
    start() {
      if (!started) {
        started = true;
        window.addEventListener('online', () => void pump());
        formMedia.subscribe(() => void pump());
      }
      void pump();
    },
  };
}

export const mediaUploader = createMediaUploader();
