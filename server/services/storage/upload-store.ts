import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { ERRORS, type DataStore } from '@tus/utils';
import { UPLOAD_EXPIRY_HOURS } from '../../../contract/uploads';
import { pipeline } from 'node:stream/promises';
import type { Env } from '../../env';
import type { FileStorage } from './file-storage';
import type { UploadLocker } from './upload-locker';
import { byteInspector, type InspectedBytes } from './inspect-bytes';

const EXPIRY_MS = UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000;

/** Where the bytes of uploads in flight are, and how a finished one becomes a stored object. */
export interface UploadBytes {
  /**
   * Copies (or moves) the finished upload `id` to the storage adapter's `key`, inspecting it on the way
   * unless `inspected` says what its bytes are already (seen as they arrived: inspect-along.ts).
   */
  adopt(
    id: string,
    key: string,
    size: number,
    name: string,
    inspected?: InspectedBytes,
  ): Promise<InspectedBytes>;
  /** Removes what the tus store holds of the upload (a missing one is not an error). */
  discard(id: string): Promise<void>;
}

/** A finished upload's bytes streamed through the inspector into the adapter (whole or not at all). */
export async function adoptByCopy(
  source: Readable,
  storage: FileStorage,
  key: string,
  size: number,
  name: string,
): Promise<InspectedBytes> {
  const inspector = byteInspector();
  source.on('error', (err) => inspector.stream.destroy(err));
  source.pipe(inspector.stream);
  await storage.put(key, inspector.stream, size);
  return inspector.result(name);
}

/** Only inspects (the bytes are then copied inside the object store). */
export async function inspectOnly(source: Readable, name: string): Promise<InspectedBytes> {
  const inspector = byteInspector();
  await pipeline(source, inspector.stream, async (chunks: AsyncIterable<Buffer>) => {
    for await (const _ of chunks) {
      // Drained: the inspector has seen every byte.
    }
  });
  return inspector.result(name);
}

/** The tus store of uploads in flight, and how their bytes become stored files (ADR 0031). */
export interface UploadBackend extends UploadBytes {
  store: DataStore;
}

/**
 * Beside the storage adapter (ADR 0029): with an S3 bucket, @tus/s3-store writes each upload as a
 * multipart upload into the same bucket (object `<upload id>`, with `<upload id>.info`), and a finished
 * one is copied inside the bucket to the file's key; otherwise @tus/file-store keeps uploads under
 * `DATA_DIR/uploads`, and a finished one is streamed into the adapter. The expiration extension
 * announces `Upload-Expires`; the purge (uploads.service.ts) is what ends expired uploads.
 */
/** The quota needs a length at creation: the store stops announcing deferred lengths (OPTIONS). */
export function withoutDeferredLength<T extends DataStore>(store: T): T {
  store.extensions = store.extensions.filter((e) => e !== 'creation-defer-length');
  return store;
}

/** What the app's resumable uploads run on; index.ts builds it so the purge shares the locker. */
export interface UploadsDeps {
  backend: UploadBackend;
  locker: UploadLocker;
}

export async function uploadBackendFor(env: Env, storage: FileStorage): Promise<UploadBackend> {
  if (storage.kind === 's3' && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    const { s3UploadBackend } = await import('./s3-upload-store');
    return s3UploadBackend(env, storage);
  }
  return fileUploadBackend(join(env.DATA_DIR, 'uploads'), storage);
}

/**
 * How much of a chunk's body may wait for the disk before the socket is paused. @tus/file-store's write
 * stream keeps Node's default 16 KiB, less than one socket read (64 KiB): every read then waited for its
 * own write to finish before the next was taken, and on loopback the upload spent a third of its time
 * idle between the two (bench:files). With room for 16 reads they are taken while the disk writes, and
 * written together (one writev). Only a disk slower than the link fills it; a cut connection loses at most
 * this much of what arrived (the client re-sends from the offset the store reports).
 */
export const WRITE_BUFFER_BYTES = 1024 * 1024;

/** @tus/file-store with its write taking WRITE_BUFFER_BYTES ahead of the disk; the rest is its own. */
class BufferedFileStore extends FileStore {
  constructor(private readonly dir: string) {
    super({ directory: dir, expirationPeriodInMilliseconds: EXPIRY_MS });
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const path = resolve(this.dir, id);
    if (!path.startsWith(this.dir + sep)) throw ERRORS.FILE_NOT_FOUND;
    const disk = createWriteStream(path, { flags: 'r+', start: offset, highWaterMark: WRITE_BUFFER_BYTES });
    try {
      await pipeline(readable, disk);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + disk.bytesWritten;
  }
}

export function fileUploadBackend(directory: string, storage: FileStorage): UploadBackend {
  const dir = resolve(directory);
  const store = withoutDeferredLength(new BufferedFileStore(dir));
  return {
    store,
    async adopt(id, key, size, name, inspected) {
      const path = join(dir, id);
      if (!inspected) return adoptByCopy(createReadStream(path) as Readable, storage, key, size, name);
      // Already inspected: on the same disk the file is moved into place, not written again.
      if (storage.moveIn) await storage.moveIn(path, key, size);
      else await storage.put(key, createReadStream(path) as Readable, size);
      return inspected;
    },
    async discard(id) {
      try {
        await store.remove(id);
      } catch {
        // Already gone, or its bytes were moved into storage: the record may remain.
      }
      await Promise.all([rm(join(dir, id), { force: true }), rm(join(dir, `${id}.json`), { force: true })]);
    },
  };
}
