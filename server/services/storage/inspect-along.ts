import { Transform, type Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';
import { byteInspector, type ByteInspector, type InspectedBytes } from './inspect-bytes';

/*
 * A resumable upload's bytes inspected (SHA-256, type) as its chunks arrive, so its completion need
 * not read the whole file back: on loopback that re-read cost as much as receiving it. Only while one
 * process has seen every byte from offset 0 in order: a chunk that another replica took, a restart, or
 * a chunk cut short (the store keeps fewer bytes than passed by) drops the running inspection, and the
 * completion inspects the stored bytes as before. Kept in memory, per process.
 *
 * The bytes are seen inside the tus store's write (`inspectingWrites`), as the Node stream chunks tus
 * hands its store, on their way to the disk or bucket: no second Request around each chunk, and no web
 * TransformStream hop per socket read.
 */

interface Running {
  inspector: ByteInspector;
  touchedAt: number;
}

/** An upload left alone this long loses its running inspection (it is then inspected at the end). */
const IDLE_MS = 60 * 60 * 1000;

export function createInspectAlong(now = () => Date.now()) {
  const running = new Map<string, Running>();

  const sweep = () => {
    for (const [id, entry] of running) if (now() - entry.touchedAt > IDLE_MS) running.delete(id);
  };

  return {
    /**
     * The chunk's body, seen on its way to the store when it continues this process's inspection
     * (or starts one at offset 0); else the body unchanged, and no inspection for this upload.
     */
    along(id: string, offset: number, body: Readable): Readable {
      let entry = running.get(id);
      if (offset === 0) {
        sweep();
        entry = { inspector: byteInspector(), touchedAt: now() };
        running.set(id, entry);
      } else if (!entry || entry.inspector.size !== offset) {
        running.delete(id);
        return body;
      }
      const seen = entry;
      seen.touchedAt = now();
      const seeing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          seen.inspector.update(chunk);
          done(null, chunk);
        },
      });
      // pipe() does not carry a failure on: the store's write must see the body fail, not just end.
      body.once('error', (err) => seeing.destroy(err));
      return body.pipe(seeing);
    },
    /** After a chunk: the store holds `storedOffset` bytes; an inspection that saw another count ends. */
    settle(id: string, storedOffset: number | undefined) {
      const entry = running.get(id);
      if (entry && entry.inspector.size !== storedOffset) running.delete(id);
    },
    /** The finished inspection of all `size` bytes, or undefined (inspect the stored bytes instead). */
    async take(id: string, size: number, name: string): Promise<InspectedBytes | undefined> {
      const entry = running.get(id);
      running.delete(id);
      if (!entry || entry.inspector.size !== size) return undefined;
      // A failed hashing thread loses only this shortcut: the stored bytes are inspected instead.
      return entry.inspector.result(name).catch(() => undefined);
    },
    forget(id: string) {
      running.delete(id);
    },
  };
}

export type InspectAlong = ReturnType<typeof createInspectAlong>;

/** The tus store, its writes seen by `along` on their way in; every other method is the store's own. */
export function inspectingWrites<T extends DataStore>(store: T, along: InspectAlong): T {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'write')
        return (body: Readable, id: string, offset: number) =>
          target.write(along.along(id, offset, body), id, offset);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
