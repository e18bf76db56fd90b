import type { StorageItem } from '@contract/files';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createSavedUploads } from './saved-uploads';
import type { SendUpload } from './upload-queue';
import { createUploadRunner } from './upload-runner';

/** Sends that finish when the test says, and a connection the test switches. */
function harness() {
  const calls: { name: string; resolve: () => void; reject: (e: unknown) => void; signal: AbortSignal }[] =
    [];
  const send: SendUpload = (file, _folderId, _onProgress, signal) =>
    new Promise<StorageItem>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('Cancelled', 'AbortError')));
      calls.push({ name: file.name, resolve: () => resolve({} as StorageItem), reject, signal });
    });
  let offline = false;
  const listeners = new Set<() => void>();
  const connectivity = {
    isOffline: () => offline,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  const setOffline = (next: boolean) => {
    offline = next;
    listeners.forEach((listener) => listener());
  };
  const store = createSavedUploads(`test-runner-${crypto.randomUUID()}`);
  let user: string | undefined = 'u1';
  const runner = createUploadRunner({ send, store, connectivity, currentUserId: () => user });
  return {
    calls,
    store,
    runner,
    setOffline,
    signIn: (id: string | undefined) => (user = id),
    queryClient: new QueryClient(),
  };
}

const file = (name: string) => new File([new Uint8Array(10)], name);
const settle = () => new Promise((r) => setTimeout(r, 10));
const statuses = (queue: ReturnType<ReturnType<typeof harness>['runner']['queueOf']>) =>
  queue.snapshot().map((u) => `${u.file.name}:${u.status}`);

describe('the page’s upload runner', () => {
  it('keeps one queue for the user across visits to the screen, and follows the connection', async () => {
    const { runner, calls, setOffline, queryClient } = harness();
    const queue = runner.queueOf('u1', queryClient);
    expect(runner.queueOf('u1', queryClient)).toBe(queue);
    setOffline(true);
    queue.add([file('photo.jpg')], '');
    expect(calls).toHaveLength(0);
    // The connection returns while the user is elsewhere in the portal: the upload starts.
    setOffline(false);
    expect(calls.map((c) => c.name)).toEqual(['photo.jpg']);
    calls[0]!.resolve();
    await settle();
    expect(statuses(queue)).toEqual(['photo.jpg:done']);
  });

  it('stops with the session: another user’s queue leaves the first user’s upload kept for later', async () => {
    const { runner, calls, store, signIn, queryClient } = harness();
    const first = runner.queueOf('u1', queryClient);
    first.add([file('report.pdf')], '');
    await settle();
    expect(await store.countUnsent('u1')).toBe(1);
    signIn('u2');
    const second = runner.queueOf('u2', queryClient);
    expect(second).not.toBe(first);
    await settle();
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(statuses(first)).toEqual(['report.pdf:waiting']);
    expect(await store.countUnsent('u1')).toBe(1);
  });

  it('ends at logout (the session cleared, then the store wiped)', async () => {
    const { runner, calls, store, signIn, queryClient } = harness();
    const queue = runner.queueOf('u1', queryClient);
    queue.add([file('a.txt')], '');
    await settle();
    signIn(undefined);
    await store.clear('u1');
    await settle();
    expect(queue.stopped).toBe(true);
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it('keeps a file the server refused for an ended session (401), and a new sign-in gets a new queue', async () => {
    const { runner, calls, store, queryClient } = harness();
    const queue = runner.queueOf('u1', queryClient);
    queue.add([file('a.txt'), file('b.txt')], '');
    calls[0]!.reject(Object.assign(new Error('Sign in again.'), { sessionEnded: true }));
    await settle();
    expect(queue.snapshot()[0]).toMatchObject({ status: 'waiting', error: 'Sign in again to go on.' });
    expect(calls).toHaveLength(1);
    expect(await store.countUnsent('u1')).toBe(2);
    const next = runner.queueOf('u1', queryClient);
    expect(next).not.toBe(queue);
  });
});
