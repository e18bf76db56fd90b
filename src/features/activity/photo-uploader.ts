import { isOffline } from '@/lib/connectivity';
import { outbox } from '@/lib/outbox';
import { getStoredUser } from '@/lib/session';
import { ACTIVITY_REPORT_KIND } from './api/submit-report';
import { PhotoUploadFailed, uploadPhoto, type PhotoProgress } from './api/upload-photo';
import { reportPhotos, type ReportPhotos } from './report-photos';

/*
 * Sends the photos of written reports, one at a time (on 2G two at once only halves each one's
 * speed and doubles the time before the first arrives). A photo waits while its report is not on
 * the server yet (404 while the report is in the outbox), the connection is gone or the server
 * failed (5xx, 401, 408, 429): it is tried
 * again on 'online', when the outbox sends a report, at start-up and every 30 s while any waits. A
 * 200/201 deletes the bytes; any other 4xx marks it refused, kept for the volunteer to delete.
 */

export const RETRY_EVERY_MS = 30_000;

export interface UploadingPhoto extends PhotoProgress {
  key: string;
}

const later = (status: number) =>
  status === 0 || status === 404 || status === 401 || status === 408 || status === 429 || status >= 500;

/** The ids of the reports this device still holds in the outbox (waiting, or needing attention). */
async function reportsInOutbox(): Promise<Set<string>> {
  const ids = (await outbox.entries())
    .filter((entry) => entry.kind === ACTIVITY_REPORT_KIND)
    .map((entry) => (entry.body as { id?: unknown }).id);
  return new Set(ids.filter((id): id is string => typeof id === 'string'));
}

/** What a photo says once its report is neither on the server nor waiting in the outbox. */
export const REPORT_GONE_MESSAGE =
  'Its report was not sent and no longer waits in the outbox. Delete the photo, or report again.';

export function createPhotoUploader(
  store: ReportPhotos,
  upload = uploadPhoto,
  queuedReports = reportsInOutbox,
) {
  let running: Promise<void> | null = null;
  let again = false;
  let current: UploadingPhoto | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let started = false;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());
  const arrivals = new Set<(reportId: string) => void>();

  async function runOnce(userId: string) {
    const waiting = (await store.all(userId)).filter((p) => p.state === 'waiting');
    // Read before any photo is sent: a report that leaves the outbox while its photo is on the way
    // was just sent, and its photo's 404 must not count as "gone".
    const queued = waiting.length ? await queuedReports() : new Set<string>();
    for (const photo of waiting) {
      if (isOffline() || getStoredUser()?.id !== userId) return;
      current = { key: photo.key, sent: 0, total: photo.blob.size, speed: 0 };
      changed();
      try {
        await upload(photo.reportId, photo.name, photo.blob, (progress) => {
          current = { key: photo.key, ...progress };
          changed();
        });
        await store.remove(photo.key);
        arrivals.forEach((l) => l(photo.reportId));
      } catch (error) {
        const status = error instanceof PhotoUploadFailed ? error.status : 0;
        // The report not there yet says nothing of the photos of other reports: go on with them. A
        // report in no outbox either was removed unsent by the volunteer: the photo is theirs to delete.
        if (status === 404) {
          if (!queued.has(photo.reportId)) await store.markRefused(photo.key, REPORT_GONE_MESSAGE);
          continue;
        }
        if (later(status)) return;
        await store.markRefused(photo.key, error instanceof Error ? error.message : 'Refused.');
      } finally {
        current = null;
        changed();
      }
    }
  }

  /** Sends what waits for the signed-in user; a call while it runs runs it again afterwards. */
  function kick(): Promise<void> {
    const userId = getStoredUser()?.id;
    if (!userId) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce(userId).catch(() => undefined);
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    kick,
    /** The photo going now, with its progress; null when none. */
    current: () => current,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Called with the report's id each time the server has taken one of its photos. */
    onUploaded(listener: (reportId: string) => void) {
      arrivals.add(listener);
      return () => void arrivals.delete(listener);
    },
    /** Once per page: the moments a waiting photo may go. */
    start() {
      if (started) return;
      started = true;
      window.addEventListener('online', () => void kick());
      outbox.onEvent((event) => {
        if (event.type === 'sent' && event.entry.kind === ACTIVITY_REPORT_KIND) void kick();
      });
      timer = setInterval(() => {
        const userId = getStoredUser()?.id;
        if (!userId) return;
        void store.countUnsent(userId).then((n) => {
          if (n > 0) void kick();
        });
      }, RETRY_EVERY_MS);
      void kick();
    },
    /** For tests. */
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      started = false;
    },
  };
}

export type PhotoUploader = ReturnType<typeof createPhotoUploader>;

export const photoUploader = createPhotoUploader(reportPhotos);
