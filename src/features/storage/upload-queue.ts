import { SMALL_UPLOAD_MAX_BYTES, type StorageItem } from '@contract/files';
import { formatBytes } from '@contract/format-bytes';
import type { UploadProgress } from './api/upload-file';

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface QueuedUpload {
  key: number;
  file: File;
  folderId: string;
  status: UploadStatus;
  progress?: UploadProgress;
  error?: string;
}

export type SendUpload = (
  file: File,
  folderId: string,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
) => Promise<StorageItem>;

/**
 * The files chosen for upload, sent one at a time (a slow connection shared by several uploads only
 * makes each slower). While offline, chosen files wait and start when the connection returns; a
 * failed or cancelled one can be retried, an unfinished one cancelled. Subscribable, for React's
 * useSyncExternalStore.
 */
export class UploadQueue {
  private uploads: readonly QueuedUpload[] = [];
  private running: { key: number; controller: AbortController } | null = null;
  private online = true;
  private nextKey = 1;
  private listeners = new Set<() => void>();

  constructor(
    private readonly send: SendUpload,
    private readonly events: {
      onDone?: (upload: QueuedUpload) => void;
      onFailed?: (upload: QueuedUpload) => void;
    } = {},
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  snapshot = () => this.uploads;

  setOnline(online: boolean) {
    this.online = online;
    this.pump();
  }

  add(files: Iterable<File>, folderId: string) {
    const added: QueuedUpload[] = [];
    for (const file of files) {
      const tooLarge = file.size > SMALL_UPLOAD_MAX_BYTES;
      added.push({
        key: this.nextKey++,
        file,
        folderId,
        status: tooLarge ? 'failed' : 'waiting',
        ...(tooLarge && {
          error: `Files over ${formatBytes(SMALL_UPLOAD_MAX_BYTES)} cannot be uploaded here yet.`,
        }),
      });
    }
    this.set([...this.uploads, ...added]);
    this.pump();
  }

  cancel(key: number) {
    if (this.running?.key === key) this.running.controller.abort();
    else if (this.find(key)?.status === 'waiting') this.update(key, { status: 'cancelled' });
  }

  retry(key: number) {
    const upload = this.find(key);
    if (!upload || (upload.status !== 'failed' && upload.status !== 'cancelled')) return;
    if (upload.file.size > SMALL_UPLOAD_MAX_BYTES) return;
    this.update(key, { status: 'waiting', progress: undefined, error: undefined });
    this.pump();
  }

  clearFinished() {
    this.set(this.uploads.filter((u) => u.status === 'waiting' || u.status === 'uploading'));
  }

  /** Cancels whatever is running (the screen is left). */
  stop() {
    this.running?.controller.abort();
  }

  private find = (key: number) => this.uploads.find((u) => u.key === key);

  private set(uploads: readonly QueuedUpload[]) {
    this.uploads = uploads;
    this.listeners.forEach((listener) => listener());
  }

  private update(key: number, change: Partial<QueuedUpload>) {
    this.set(this.uploads.map((u) => (u.key === key ? { ...u, ...change } : u)));
  }

  private pump() {
    if (!this.online || this.running) return;
    const next = this.uploads.find((u) => u.status === 'waiting');
    if (!next) return;
    const controller = new AbortController();
    this.running = { key: next.key, controller };
    this.update(next.key, { status: 'uploading' });
    this.send(next.file, next.folderId, (progress) => this.update(next.key, { progress }), controller.signal)
      .then(
        () => {
          this.update(next.key, { status: 'done' });
          this.events.onDone?.(this.find(next.key)!);
        },
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError')
            return this.update(next.key, { status: 'cancelled' });
          this.update(next.key, {
            status: 'failed',
            error: error instanceof Error ? error.message : 'The upload failed.',
          });
          this.events.onFailed?.(this.find(next.key)!);
        },
      )
      .finally(() => {
        this.running = null;
        this.pump();
      });
  }
}
