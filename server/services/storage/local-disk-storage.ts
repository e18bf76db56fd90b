import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertRange,
  assertStorageKey,
  isTenantKey,
  StorageObjectMissing,
  StorageSizeMismatch,
  type ByteRange,
  type FileStorage,
} from './file-storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Files on the local disk, one per key under `root` (DATA_DIR/files). A write goes to a temporary
 * file beside its place and is renamed over it once whole, so a killed process or a short body never
 * leaves a partial object under the key.
 */
export function localDiskStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(base, ...key.split('/'));
  };

  return {
    kind: 'local',

    async put(key, body, size) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomBytes(6).toString('hex')}.part`;
      let received = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          // Stop as soon as the body is longer than declared, not after writing all of it.
          if (received > size) done(new StorageSizeMismatch(key, size, received));
          else done(null, chunk);
        },
      });
      const out = createWriteStream(partial, { flags: 'wx' });
      try {
        const source = body instanceof Uint8Array ? Readable.from([Buffer.from(body)]) : body;
        await pipeline(source, counter, out);
        if (received !== size) throw new StorageSizeMismatch(key, size, received);
        await rename(partial, path);
      } catch (error) {
        // A failed pipeline destroys the file stream, which may still be opening the part: removed
        // before that open lands, the part would come back empty and stay.
        if (!out.closed) await once(out, 'close').catch(() => undefined);
        await rm(partial, { force: true });
        throw error;
      }
    },

    async moveIn(path, key, size) {
      const actual = (await stat(path)).size;
      if (actual !== size) throw new StorageSizeMismatch(key, size, actual);
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      try {
        await rename(path, target);
      } catch (error) {
        // Another file system (DATA_DIR's uploads mounted elsewhere): copied, then the source removed.
        if ((error as NodeJS.ErrnoException)?.code !== 'EXDEV') throw error;
        await this.put(key, createReadStream(path), size);
        await rm(path, { force: true });
      }
    },

    async read(key, range?: ByteRange) {
      assertRange(range);
      const path = pathOf(key);
      try {
        await stat(path);
      } catch (error) {
        if (isMissing(error)) throw new StorageObjectMissing(key);
        throw error;
      }
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },

    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

    async *list() {
      let tenants: string[];
      try {
        tenants = await readdir(base);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const tenant of tenants) {
        let names: string[];
        try {
          names = await readdir(join(base, tenant));
        } catch {
          continue; // not a folder
        }
        for (const name of names) {
          const key = `${tenant}/${name}`;
          if (!isTenantKey(key)) continue; // a write in progress (.part), or not ours
          try {
            yield { key, modifiedAt: (await stat(join(base, tenant, name))).mtime };
          } catch (error) {
            if (!isMissing(error)) throw error;
          }
        }
      }
    },
  };
}
