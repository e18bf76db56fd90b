import { describe, expect, it } from 'vitest';
import { createSavedUploads, uploadsAsSideQueue } from './saved-uploads';

describe('saved uploads', () => {
  it('keeps files per user, oldest first, and clears one user without touching another', async () => {
    const saved = createSavedUploads(`test-uploads-${crypto.randomUUID()}`);
    await saved.put({ id: 'b', userId: 'u1', folderId: '', file: new File(['z'], 'b.txt'), addedAt: 2 });
    await saved.put({ id: 'a', userId: 'u1', folderId: 'f1', file: new File(['x'], 'a.txt'), addedAt: 1 });
    await saved.put({ id: 'c', userId: 'u2', folderId: '', file: new File(['y'], 'c.txt'), addedAt: 3 });

    const mine = await saved.all('u1');
    expect(mine.map((u) => u.id)).toEqual(['a', 'b']);
    // The File's own round trip through IndexedDB is a browser's (jsdom's clone keeps no File): the
    // e2e test reloads with an upload waiting (tests/e2e/storage.spec.ts).
    expect(mine[1]).toMatchObject({ userId: 'u1', folderId: '' });
    expect(await saved.countUnsent('u1')).toBe(2);

    await saved.remove('a');
    await saved.remove('missing');
    expect((await saved.all('u1')).map((u) => u.id)).toEqual(['b']);
    await saved.clear('u1');
    expect(await saved.countUnsent('u1')).toBe(0);
    expect(await saved.countUnsent('u2')).toBe(1);
  });

  it('tells the outbox of every change, and lists the user’s files there with a link to /storage', async () => {
    const saved = createSavedUploads(`test-uploads-${crypto.randomUUID()}`);
    const queue = uploadsAsSideQueue(saved);
    let changes = 0;
    const unsubscribe = queue.subscribe(() => changes++);
    await saved.put({ id: 'a', userId: 'u1', folderId: '', file: new File(['x'], 'a.txt'), addedAt: 1 });
    await saved.put({ id: 'b', userId: 'u2', folderId: '', file: new File(['y'], 'b.txt'), addedAt: 2 });
    expect(changes).toBe(2);
    expect(await queue.list('u1')).toMatchObject([
      { id: 'a', createdAt: 1, href: '/storage', action: 'See it in Cloud Storage' },
    ]);
    await saved.setPaused('a', true);
    expect((await saved.all('u1'))[0]).toMatchObject({ id: 'a', paused: true });
    await saved.remove('a');
    await saved.remove('missing');
    await saved.clear('u2');
    expect(changes).toBe(5);
    unsubscribe();
    await saved.put({ id: 'c', userId: 'u1', folderId: '', file: new File(['z'], 'c.txt'), addedAt: 3 });
    expect(changes).toBe(5);
  });
});
