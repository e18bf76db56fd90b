import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of an object, both included (HTTP's Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where the bytes of users' files live (issue 13): the local disk under DATA_DIR by default, or
 * S3-compatible object storage when configured (`storage-from-env.ts`). Metadata (names, folders,
 * owners, quotas) is the database's; this only keeps bytes under keys the server makes.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores exactly `size` bytes under `key`; a body of another length is refused and nothing is kept. */
  put(key: string, body: Readable | Uint8Array, size: number): Promise<void>;
  /** The object's bytes, or a range of them; StorageObjectMissing when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** The object's size in bytes, undefined when there is no such object. */
  size(key: string): Promise<number | undefined>;
  /** Removes the object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Every stored object whose key has the form `<ngo id>/<name>` (users' files and their
   * thumbnails; a bucket's resumable uploads in flight, keys without a '/', are not listed), with
   * when it was last written: the orphan sweep reads it (orphan-sweep.ts).
   */
  list(): AsyncIterable<StoredObject>;
  /**
   * Local disk only: makes the file at `path` (exactly `size` bytes, on the server's disk) the object
   * `key`, moving it rather than copying when it can. The file is gone from `path` afterwards.
   */
  moveIn?(path: string, key: string, size: number): Promise<void>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** A key of the form the file layer writes: `<ngo id>/<name>`. */
export const isTenantKey = (key: string) => key.split('/').length === 2 && keyPattern.test(key);

export class StorageObjectMissing extends Error {
  constructor(key: string) {
    super(`No stored object under ${key}`);
    this.name = 'StorageObjectMissing';
  }
}

export class StorageSizeMismatch extends Error {
  constructor(key: string, expected: number, actual: number) {
    super(`Object ${key}: ${actual} bytes received, ${expected} declared`);
    this.name = 'StorageSizeMismatch';
  }
}

/**
 * Keys are made by the server (ids, slashes between parts), never from a user's file name: anything
 * else is a programming error, refused before it can name a path outside the store.
 */
const keyPattern = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_-]*)*$/;

export function assertStorageKey(key: string): void {
  if (key.length > 512 || !keyPattern.test(key))
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

export function assertRange(range: ByteRange | undefined): void {
  if (
    range &&
    !(
      Number.isSafeInteger(range.start) &&
      Number.isSafeInteger(range.end) &&
      range.start >= 0 &&
      range.end >= range.start
    )
  )
    throw new Error(`Invalid byte range: ${JSON.stringify(range)}`);
}
