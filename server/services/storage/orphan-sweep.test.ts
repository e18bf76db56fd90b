import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFileAs } from '../../testing/files';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';
import { sweepOrphanObjects } from './orphan-sweep';
import { thumbnailKey } from './thumbnails';

let t: TestApp;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  staff = await createTestUser(t, { ngoId: await createTestNgo(t, 'Sweep Relief'), role: 'STAFF' });
});
afterAll(() => t.close());

const keysOf = async () => {
  const keys: string[] = [];
  for await (const object of t.storage.list()) keys.push(object.key);
  return keys.sort();
};

describe('the orphan sweep', () => {
  it('removes stored bytes no file names once they are old enough, and keeps every file’s and thumbnail’s', async () => {
    const file = await storeFileAs(t, staff, 'kept.txt', 'still listed');
    const trashed = await storeFileAs(t, staff, 'trashed.txt', 'in the trash');
    const keyOf = (id: string) => `${staff.ngoId}/${id}`;
    await t.app.request(`/api/files/${trashed.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${staff.token}` },
    });
    await t.storage.put(thumbnailKey(keyOf(file.id)), Buffer.from('thumb'), 5);
    // Left by a crash: bytes written, the row never committed; and a thumbnail of a file purged.
    await t.storage.put(keyOf('01orphanorphanorphanorphan'), Buffer.from('lost'), 4);
    await t.storage.put(thumbnailKey(keyOf('01purgedpurgedpurgedpurged')), Buffer.from('old'), 3);

    // Within the grace period nothing goes: a write may still be committing its row.
    expect((await sweepOrphanObjects(t.db, t.storage)).removed).toEqual([]);

    const later = new Date(Date.now() + 7 * 60 * 60 * 1000);
    const { removed } = await sweepOrphanObjects(t.db, t.storage, later);
    expect(removed.sort()).toEqual(
      [keyOf('01orphanorphanorphanorphan'), thumbnailKey(keyOf('01purgedpurgedpurgedpurged'))].sort(),
    );
    expect(await keysOf()).toEqual([keyOf(file.id), thumbnailKey(keyOf(file.id)), keyOf(trashed.id)].sort());
  });
});
