import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportEntries } from './export-entries';
import type { OutboxEntry } from './types';

const entry: OutboxEntry = {
  id: 'key-1',
  kind: 'contact-message',
  label: 'Contact message',
  method: 'POST',
  url: '/marketing/contact',
  body: { name: 'Ama' },
  userId: null,
  createdAt: 1,
  attempts: 1,
  nextAttemptAt: 1,
  status: 'attention',
  lastError: { status: 409, message: 'Conflict' },
};

afterEach(() => vi.restoreAllMocks());

describe('exportEntries', () => {
  it('downloads one entry as a JSON file named after it, and several as a list', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:x';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });

    exportEntries([entry]);
    exportEntries([entry, { ...entry, id: 'key-2' }]);

    expect(names).toEqual(['outbox-contact-message-key-1.json', 'outbox.json']);
    expect(JSON.parse(await blobs[0]!.text())).toEqual(entry);
    expect(JSON.parse(await blobs[1]!.text())).toHaveLength(2);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
