import type { StorageItem } from '@contract/files';
import { describe, expect, it, vi } from 'vitest';
import { PAUSED, PAUSED_BY_USER, UploadQueue, type SendUpload } from './upload-queue';

/** A send whose uploads finish when the test says: one deferred per call, in call order. */
function controllableSend() {
  const calls: { name: string; resolve: () => void; reject: (e: unknown) => void; signal: AbortSignal }[] =
    [];
  const send: SendUpload = (file, _folderId, onProgress, signal) =>
    new Promise<StorageItem>((resolve, reject) => {
      onProgress({ sent: 1, total: file.size, speed: 1 });
      signal.addEventListener('abort', () => reject(new DOMException('Cancelled', 'AbortError')));
      calls.push({ name: file.name, resolve: () => resolve({} as StorageItem), reject, signal });
    });
  return { send, calls };
}

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
const statuses = (queue: UploadQueue) => queue.snapshot().map((u) => `${u.file.name}:${u.status}`);
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('UploadQueue', () => {
  it('sends one file at a time, in the order chosen', async () => {
    const { send, calls } = controllableSend();
    const queue = new UploadQueue(send);
    queue.add([file('a'), file('b')], '');
    expect(statuses(queue)).toEqual(['a:uploading', 'b:waiting']);
    expect(calls.map((c) => c.name)).toEqual(['a']);
    calls[0]!.resolve();
    await settle();
    expect(statuses(queue)).toEqual(['a:done', 'b:uploading']);
    calls[1]!.resolve();
    await settle();
    expect(statuses(queue)).toEqual(['a:done', 'b:done']);
  });

  it('holds files chosen offline and starts them when the connection returns', async () => {
    const { send, calls } = controllableSend();
    const queue = new UploadQueue(send);
    queue.setOnline(false);
    queue.add([file('a')], 'folder1');
    expect(statuses(queue)).toEqual(['a:waiting']);
    expect(calls).toHaveLength(0);
    queue.setOnline(true);
    expect(statuses(queue)).toEqual(['a:uploading']);
  });

  it('puts an upload whose connection dropped back to waiting, and goes on when the connection returns', async () => {
    const { send, calls } = controllableSend();
    const failed = vi.fn();
    const queue = new UploadQueue(send, { onFailed: failed });
    queue.add([file('a')], '');
    calls[0]!.reject(Object.assign(new Error('dropped'), { connectionLost: true }));
    await settle();
    expect(queue.snapshot()[0]).toMatchObject({
      status: 'waiting',
      error: expect.stringMatching(/Connection lost/),
    });
    expect(calls).toHaveLength(1);
    queue.setOnline(false);
    queue.setOnline(true);
    expect(statuses(queue)).toEqual(['a:uploading']);
    expect(calls).toHaveLength(2);
    expect(failed).not.toHaveBeenCalled();
    queue.stop();
  });

  it('cancels the running upload or a waiting one, and a retry sends it again', async () => {
    const { send, calls } = controllableSend();
    const failed = vi.fn();
    const queue = new UploadQueue(send, { onFailed: failed });
    queue.add([file('a'), file('b')], '');
    queue.cancel(queue.snapshot()[1]!.key);
    queue.cancel(queue.snapshot()[0]!.key);
    await settle();
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(statuses(queue)).toEqual(['a:cancelled', 'b:cancelled']);
    queue.retry(queue.snapshot()[0]!.key);
    expect(statuses(queue)).toEqual(['a:uploading', 'b:cancelled']);
    expect(failed).not.toHaveBeenCalled();
  });

  it('keeps a failure with its message for a retry; a file over 2 GB fails at once with a clear message', async () => {
    const { send, calls } = controllableSend();
    const failed = vi.fn();
    const queue = new UploadQueue(send, { onFailed: failed });
    const big = file('big');
    Object.defineProperty(big, 'size', { value: 2 * 1024 * 1024 * 1024 + 1 });
    queue.add([big, file('a')], '');
    expect(queue.snapshot()[0]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/over 2\.1 GB/),
    });
    calls[0]!.reject(new Error('The connection dropped.'));
    await settle();
    expect(queue.snapshot()[1]).toMatchObject({ status: 'failed', error: 'The connection dropped.' });
    expect(failed).toHaveBeenCalledTimes(1);
    queue.retry(queue.snapshot()[0]!.key);
    expect(queue.snapshot()[0]!.status).toBe('failed');
    queue.clearFinished();
    expect(queue.snapshot()).toEqual([]);
  });

  it('keeps what it has not sent on the device, forgets it once stored, cancelled or refused', async () => {
    const { send, calls } = controllableSend();
    const kept = new Map<string, string>();
    const queue = new UploadQueue(
      send,
      {},
      {
        keep: (upload) => kept.set(upload.id, upload.file.name),
        forget: (id) => kept.delete(id),
      },
    );
    queue.add([file('a'), file('b'), file('c')], 'folder-1');
    expect([...kept.values()]).toEqual(['a', 'b', 'c']);
    calls[0]!.resolve();
    await settle();
    expect([...kept.values()]).toEqual(['b', 'c']);
    calls[1]!.reject(new Error('This NGO’s storage is full.'));
    await settle();
    expect([...kept.values()]).toEqual(['c']);
    queue.retry(queue.snapshot()[1]!.key);
    expect([...kept.values()].sort()).toEqual(['b', 'c']);
    queue.cancel(queue.snapshot()[2]!.key);
    await settle();
    expect([...kept.values()]).toEqual(['b']);
    queue.stop();
  });

  it('stopping (the session ended) pauses the running upload, kept; the next queue restores it and the rest in order', async () => {
    const first = controllableSend();
    const kept = new Map<string, { id: string; file: File; folderId: string }>();
    const keeper = {
      keep: (upload: { id: string; file: File; folderId: string }) => kept.set(upload.id, upload),
      forget: (id: string) => kept.delete(id),
    };
    const visit = new UploadQueue(first.send, {}, keeper);
    visit.add([file('a'), file('b')], 'folder-1');
    visit.stop();
    await settle();
    expect(first.calls[0]!.signal.reason).toBe(PAUSED);
    expect(statuses(visit)).toEqual(['a:waiting', 'b:waiting']);
    expect(kept.size).toBe(2);

    const second = controllableSend();
    const nextVisit = new UploadQueue(second.send, {}, keeper);
    nextVisit.restore(kept.values());
    nextVisit.restore(kept.values());
    expect(statuses(nextVisit)).toEqual(['a:uploading', 'b:waiting']);
    expect(nextVisit.snapshot()[0]).toMatchObject({ folderId: 'folder-1' });
    second.calls[0]!.resolve();
    await settle();
    second.calls[1]!.resolve();
    await settle();
    expect(statuses(nextVisit)).toEqual(['a:done', 'b:done']);
    expect(kept.size).toBe(0);
  });

  it('pauses one file where it is (kept), goes on with the next, and resumes the paused one when asked', async () => {
    const { send, calls } = controllableSend();
    const kept = new Set<string>();
    const pausedOnDevice = new Set<string>();
    const queue = new UploadQueue(
      send,
      {},
      {
        keep: (upload) => kept.add(upload.id),
        forget: (id) => kept.delete(id),
        setPaused: (id, paused) => void (paused ? pausedOnDevice.add(id) : pausedOnDevice.delete(id)),
      },
    );
    queue.add([file('a'), file('b'), file('c')], '');
    const [a, , c] = queue.snapshot();
    queue.pause(c!.key);
    queue.pause(a!.key);
    await settle();
    expect(calls[0]!.signal.reason).toBe(PAUSED_BY_USER);
    expect(statuses(queue)).toEqual(['a:paused', 'b:uploading', 'c:paused']);
    expect(kept.size).toBe(3);
    // Remembered on the device: a reload restores them paused.
    expect(pausedOnDevice).toEqual(new Set([a!.id, c!.id]));
    const reloaded = new UploadQueue(send);
    reloaded.restore([{ id: c!.id, file: c!.file, folderId: '', paused: true }]);
    expect(statuses(reloaded)).toEqual(['c:paused']);

    queue.resume(a!.key);
    expect(pausedOnDevice).toEqual(new Set([c!.id]));
    expect(statuses(queue)).toEqual(['a:waiting', 'b:uploading', 'c:paused']);
    calls[1]!.resolve();
    await settle();
    // The resumed file goes on (a resumable one from the server's offset); the other stays paused.
    expect(statuses(queue)).toEqual(['a:uploading', 'b:done', 'c:paused']);
    expect(calls.map((call) => call.name)).toEqual(['a', 'b', 'a']);
    queue.cancel(c!.key);
    expect(statuses(queue)).toEqual(['a:uploading', 'b:done', 'c:cancelled']);
    expect([...kept]).toEqual([a!.id]);
    queue.clearFinished();
    expect(statuses(queue)).toEqual(['a:uploading']);
  });
});
