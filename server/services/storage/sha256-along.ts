import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/*
 * A file's SHA-256 taken beside its bytes' way to storage, on another thread once the file is large.
 *
 * Hashing runs at about 1.5–2 GB/s, on the thread that also reads the socket and writes the disk: on a
 * fast host it was a fifth of a 32 MiB upload's time, the gap between the resumable upload and a plain
 * PUT (bench:files). The bytes are copied into batches of BATCH_BYTES, which go to one hashing thread
 * per process and are hashed there while the next ones arrive; the copy costs about a tenth of the
 * hashing. A file smaller than a batch is hashed here at the end: a message there and back would cost
 * more than hashing it.
 */

/** The bytes copied to the hashing thread at once. */
export const BATCH_BYTES = 1024 * 1024;

// Plain JavaScript run by `eval`, so the thread starts the same under tsx, Vitest and a build.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
parentPort.on('message', ({ id, bytes, length, digest }) => {
  let hash = hashes.get(id);
  if (!hash) hashes.set(id, (hash = createHash('sha256')));
  if (bytes) {
    hash.update(new Uint8Array(bytes, 0, length));
    parentPort.postMessage({ spare: bytes }, [bytes]);
  }
  if (digest === false) hashes.delete(id);
  else if (digest) {
    hashes.delete(id);
    parentPort.postMessage({ id, sha256: hash.digest('hex') });
  }
});
`;

interface HashingThread {
  worker: Worker;
  waiting: Map<number, { resolve: (sha256: string) => void; reject: (err: Error) => void }>;
}

let thread: HashingThread | undefined;
let nextId = 1;

// A hash given up on (an upload cut off, an inspection dropped) is dropped there once its owner is gone.
const abandoned = new FinalizationRegistry<{ id: number; on: HashingThread }>(({ id, on }) => {
  if (thread === on) on.worker.postMessage({ id, digest: false });
});

/** The process's hashing thread, started on first use and again after a failure; it never keeps the process alive. */
function hashingThread(): HashingThread {
  if (thread) return thread;
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  worker.unref();
  const started: HashingThread = { worker, waiting: new Map() };
  const fail = (err: Error) => {
    if (thread === started) thread = undefined;
    for (const { reject } of started.waiting.values()) reject(err);
    started.waiting.clear();
  };
  worker.on('message', ({ id, sha256, spare }: { id?: number; sha256?: string; spare?: ArrayBuffer }) => {
    if (spare) return keepSpare(spare);
    started.waiting.get(id!)?.resolve(sha256!);
    started.waiting.delete(id!);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The hashing thread stopped (${code}).`)));
  thread = started;
  return started;
}

/** Stops the hashing thread (the next file starts another); what it was hashing fails. */
export async function endHashingThread(): Promise<void> {
  const ending = thread;
  if (!ending) return;
  await ending.worker.terminate();
  // The exit event fails the waiting digests; the thread is forgotten at once either way.
  if (thread === ending) thread = undefined;
}

/*
 * Batches the hashing thread has finished with come back to be filled again: a new buffer for every
 * batch would double what a large upload allocates outside the heap, and every 64 MB or so of that
 * makes the collector go through the whole heap (the server's is 50–60 MB).
 */
const spares: ArrayBuffer[] = [];
const MAX_SPARES = 8;

function keepSpare(buffer: ArrayBuffer) {
  if (buffer.byteLength === BATCH_BYTES && spares.length < MAX_SPARES) spares.push(buffer);
}

/**
 * A running SHA-256: `update` with the bytes in order (copied at once: the chunks are neither kept nor
 * changed), then `digest` once. Fails only when the hashing thread does.
 */
export function sha256Along() {
  // The bytes not yet handed over, copied as they come into a batch of exactly BATCH_BYTES.
  let batch: Uint8Array | undefined;
  let filled = 0;
  let job: { id: number; on: HashingThread } | undefined;

  const send = () => {
    if (!job) {
      job = { id: nextId++, on: hashingThread() };
      abandoned.register(along, job, along);
    }
    const bytes = batch!.buffer as ArrayBuffer;
    job.on.worker.postMessage({ id: job.id, bytes, length: filled }, [bytes]);
    batch = undefined;
    filled = 0;
  };

  const along = {
    update(chunk: Uint8Array) {
      for (let at = 0; at < chunk.length;) {
        batch ??= new Uint8Array(spares.pop() ?? new ArrayBuffer(BATCH_BYTES));
        const taken = Math.min(chunk.length - at, BATCH_BYTES - filled);
        batch.set(chunk.subarray(at, at + taken), filled);
        filled += taken;
        at += taken;
        if (filled === BATCH_BYTES) send();
      }
    },
    /** The hex digest of every byte given. */
    digest(): Promise<string> {
      if (!job) {
        const hash = createHash('sha256');
        if (batch) {
          hash.update(batch.subarray(0, filled));
          keepSpare(batch.buffer as ArrayBuffer);
          batch = undefined;
        }
        return Promise.resolve(hash.digest('hex'));
      }
      if (filled > 0) send();
      abandoned.unregister(along);
      const { id, on } = job;
      if (thread !== on) return Promise.reject(new Error('The hashing thread stopped.'));
      return new Promise<string>((resolve, reject) => {
        on.waiting.set(id, { resolve, reject });
        on.worker.postMessage({ id, digest: true });
      });
    },
  };
  return along;
}
