import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
});

/*
 * Client files run in VM contexts of one worker (vitest.config.ts), where Node's BroadcastChannel is
 * shared by every context: a message one file's outbox posts would reach a channel an earlier file left
 * open, over that file's closed window. Channels here reach only the same file's channels, as tabs of
 * one browser would, asynchronously, with a copy of the data.
 */
const openChannels = new Set<FileLocalBroadcastChannel>();
class FileLocalBroadcastChannel extends EventTarget {
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly name: string) {
    super();
    openChannels.add(this);
  }
  postMessage(data: unknown) {
    if (!openChannels.has(this)) throw new DOMException('BroadcastChannel is closed', 'InvalidStateError');
    for (const other of openChannels) {
      if (other === this || other.name !== this.name) continue;
      const copy = structuredClone(data);
      setTimeout(() => {
        if (!openChannels.has(other)) return;
        const event = new MessageEvent('message', { data: copy });
        other.onmessage?.(event);
        other.dispatchEvent(event);
      }, 0);
    }
  }
  close() {
    openChannels.delete(this);
  }
}
globalThis.BroadcastChannel = FileLocalBroadcastChannel as unknown as typeof BroadcastChannel;
afterAll(() => {
  for (const channel of [...openChannels]) channel.close();
});
