import type { StorageItem } from '@contract/files';
import { UPLOAD_MAX_BYTES } from '@contract/uploads';
import { formatBytes } from '@contract/format-bytes';
import type { UploadProgress } from './api/upload-file';

export type UploadStatus = 'waiting' | 'uploading' | 'paused' | 'done' | 'failed' | 'cancelled';

export interface QueuedUpload {
  key: number;
  /** Random and lasting: the upload's id in the device's saved uploads (saved-uploads.ts). */
  id: string;
  file: File;
  folderId: string;
  status: UploadStatus;
  progress?: UploadProgress;
  error?: string;
}

/** Tells a lost connection or an ended session (the upload waits and goes on) from a refusal (it fails). */
export interface ConnectionError {
  connectionLost?: boolean;
  /** The server no longer knows the session (401): the upload waits for the user to sign in again. */
  sessionEnded?: boolean;
}

/**
 * The abort reason of a send stopped because its queue stopped (the session ended): the upload is
 * kept (on the device and on the server) to go on later, unlike a cancel, which ends it.
 */
export const PAUSED = 'paused';

/** The abort reason of a send the user paused: kept too, and it waits for the user's Resume. */
export const PAUSED_BY_USER = 'paused-by-user';

/** Whether a send stopped with this abort reason keeps its upload (on the server too). */
export const keepsUpload = (reason: unknown) => reason === PAUSED || reason === PAUSED_BY_USER;

/** Where the queue keeps what it has not sent yet, so a reload or a closed browser loses nothing. */
export interface UploadKeeper {
  keep(upload: QueuedUpload): void;
  forget(id: string): void;
  /** Remembers the user's pause, so a reload keeps the file paused. */
  setPaused?(id: string, paused: boolean): void;
}

/** After a lost connection, the queue waits for the connection to come back, or this long at most. */
const RETRY_AFTER_LOST_MS = 15_000;

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
  /** Set by a lost connection: nothing starts until the connection is back (or a while has passed). */
  private held: ReturnType<typeof setTimeout> | null = null;
  private nextKey = 1;
  /** Stopped: nothing starts any more (what is kept goes on with the user's next queue). */
  private ended = false;
  private listeners = new Set<() => void>();

  constructor(
    private readonly send: SendUpload,
    private readonly events: {
      onDone?: (upload: QueuedUpload) => void;
      onFailed?: (upload: QueuedUpload) => void;
    } = {},
    private readonly keeper: UploadKeeper = { keep: () => undefined, forget: () => undefined },
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  snapshot = () => this.uploads;

  /** Stopped by stop() or by a 401: it sends nothing more. */
  get stopped() {
    return this.ended;
  }

  setOnline(online: boolean) {
    this.online = online;
    if (online) this.release();
    this.pump();
  }

  private release() {
    if (this.held) clearTimeout(this.held);
    this.held = null;
  }

  add(files: Iterable<File>, folderId: string) {
    const added: QueuedUpload[] = [];
    for (const file of files) {
      const tooLarge = file.size > UPLOAD_MAX_BYTES;
      const upload: QueuedUpload = {
        key: this.nextKey++,
        id: crypto.randomUUID(),
        file,
        folderId,
        status: tooLarge ? 'failed' : 'waiting',
        ...(tooLarge && {
          error: `Files over ${formatBytes(UPLOAD_MAX_BYTES)} cannot be uploaded.`,
        }),
      };
      if (!tooLarge) this.keeper.keep(upload);
      added.push(upload);
    }
    this.set([...this.uploads, ...added]);
    this.pump();
  }

  /** Uploads kept from an earlier visit (a reload, a closed browser): they wait in line again. */
  restore(kept: Iterable<{ id: string; file: File; folderId: string; paused?: boolean }>) {
    const known = new Set(this.uploads.map((u) => u.id));
    const restored: QueuedUpload[] = [];
    for (const { id, file, folderId, paused } of kept)
      if (!known.has(id))
        restored.push({ key: this.nextKey++, id, file, folderId, status: paused ? 'paused' : 'waiting' });
    if (restored.length === 0) return;
    this.set([...this.uploads, ...restored]);
    this.pump();
  }

  cancel(key: number) {
    const status = this.find(key)?.status;
    if (this.running?.key === key) this.running.controller.abort();
    else if (status === 'waiting' || status === 'paused') {
      this.update(key, { status: 'cancelled' });
      this.keeper.forget(this.find(key)!.id);
    }
  }

  /** Stops one file where it is (kept on the device and on the server) until resume(key). */
  pause(key: number) {
    const upload = this.find(key);
    if (this.running?.key === key) this.running.controller.abort(PAUSED_BY_USER);
    else if (upload?.status === 'waiting') this.paused(key);
  }

  private paused(key: number) {
    this.update(key, { status: 'paused' });
    this.keeper.setPaused?.(this.find(key)!.id, true);
  }

  /** A paused file goes back in line; a resumable one goes on from the server's offset. */
  resume(key: number) {
    const upload = this.find(key);
    if (upload?.status !== 'paused') return;
    this.update(key, { status: 'waiting', error: undefined });
    this.keeper.setPaused?.(upload.id, false);
    this.pump();
  }

  retry(key: number) {
    const upload = this.find(key);
    if (!upload || (upload.status !== 'failed' && upload.status !== 'cancelled')) return;
    if (upload.file.size > UPLOAD_MAX_BYTES) return;
    this.update(key, { status: 'waiting', progress: undefined, error: undefined });
    this.keeper.keep(this.find(key)!);
    this.pump();
  }

  clearFinished() {
    this.set(
      this.uploads.filter((u) => u.status === 'waiting' || u.status === 'uploading' || u.status === 'paused'),
    );
  }

  /**
   * The session ended (another user signed in, or this one out): whatever is sending stops, kept on
   * the device and on the server, and goes on from where it stopped with that user's next queue.
   */
  stop() {
    this.ended = true;
    this.release();
    this.running?.controller.abort(PAUSED);
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
    if (this.ended || !this.online || this.held || this.running) return;
    const next = this.uploads.find((u) => u.status === 'waiting');
    if (!next) return;
    const controller = new AbortController();
    this.running = { key: next.key, controller };
    this.update(next.key, { status: 'uploading', error: undefined });
    this.send(next.file, next.folderId, (progress) => this.update(next.key, { progress }), controller.signal)
      .then(
        () => {
          this.update(next.key, { status: 'done' });
          this.keeper.forget(next.id);
          this.events.onDone?.(this.find(next.key)!);
        },
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') {
            if (controller.signal.reason === PAUSED) return this.update(next.key, { status: 'waiting' });
            if (controller.signal.reason === PAUSED_BY_USER) return this.paused(next.key);
            this.keeper.forget(next.id);
            return this.update(next.key, { status: 'cancelled' });
          }
          if ((error as ConnectionError | null)?.sessionEnded) {
            // Not the file's fault: kept on the device, it goes on after the next sign-in.
            this.ended = true;
            return this.update(next.key, { status: 'waiting', error: 'Sign in again to go on.' });
          }
          if ((error as ConnectionError | null)?.connectionLost) {
            // Never dropped without the user's say: it waits, and resumes where the server stopped.
            this.update(next.key, {
              status: 'waiting',
              error: 'Connection lost. It goes on when you are back online.',
            });
            this.held = setTimeout(() => {
              this.held = null;
              this.pump();
            }, RETRY_AFTER_LOST_MS);
            return;
          }
          // Refused (the quota, a name, the file itself): the user is told and may retry now; a
          // later visit does not send it again by itself.
          this.update(next.key, {
            status: 'failed',
            error: error instanceof Error ? error.message : 'The upload failed.',
          });
          this.keeper.forget(next.id);
          this.events.onFailed?.(this.find(next.key)!);
        },
      )
      .finally(() => {
        this.running = null;
        this.pump();
      });
  }
}
