import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageItem } from '../../../contract/files';
import { NEXT_CURSOR_HEADER } from '../../../contract/paging';
import { files, folders } from '../../db/schema';
import { storageUsageOf } from '../../services/storage/storage-quota';
import { purgeExpiredTrash } from '../../services/storage/trash-purge';
import { fileRowsOf, storedObjects, uploadFile } from '../../testing/files';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function freshAdmin(name: string) {
  return createTestUser(t, { ngoId: await createTestNgo(t, name), role: 'NGO_ADMIN' });
}

const folder = async (user: TestUser, name: string, parentId?: string) => {
  const res = await call(t.app, 'POST', '/api/folders', { name, ...(parentId && { parentId }) }, user.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};

const upload = async (user: TestUser, name: string, size: number, folderId?: string) => {
  const res = await uploadFile(t, user.token, name, new Uint8Array(size).fill(65), { folderId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
};

const names = (body: unknown) => (body as StorageItem[]).map((i) => i.name);
const list = async (user: TestUser, query = '') =>
  names((await call(t.app, 'GET', `/api/files?limit=100${query}`, undefined, user.token)).body);

describe('the trash', () => {
  it('keeps a trashed file restorable and counted, and frees its bytes only when purged', async () => {
    const admin = await freshAdmin('Trash');
    const id = await upload(admin, 'minutes.txt', 100);
    const trashed = await call(t.app, 'DELETE', `/api/files/${id}`, undefined, admin.token);
    expect(trashed.status).toBe(200);
    expect(trashed.body.deletedAt).toEqual(expect.any(String));
    expect(await list(admin)).toEqual([]);
    expect(names((await call(t.app, 'GET', '/api/files/trash', undefined, admin.token)).body)).toEqual([
      'minutes.txt',
    ]);
    expect(await storageUsageOf(t.db, admin.ngoId)).toMatchObject({ used: 100 });
    // The name is free while the file is in the trash; restoring over a new one is a 409.
    const newer = await upload(admin, 'minutes.txt', 10);
    const clash = await call(t.app, 'POST', `/api/files/${id}/restore`, undefined, admin.token);
    expect(clash.status).toBe(409);
    await call(t.app, 'PATCH', `/api/files/${newer}`, { name: 'minutes (new).txt' }, admin.token);
    const restored = await call(t.app, 'POST', `/api/files/${id}/restore`, undefined, admin.token);
    expect(restored.status).toBe(200);
    expect(restored.body.deletedAt).toBeNull();
    expect(await list(admin)).toEqual(['minutes (new).txt', 'minutes.txt']);
    // Only a trashed file can be purged, and a restored one is not in the trash.
    expect((await call(t.app, 'DELETE', `/api/files/trash/${id}`, undefined, admin.token)).status).toBe(409);
    expect((await call(t.app, 'POST', `/api/files/${id}/restore`, undefined, admin.token)).status).toBe(409);
    await call(t.app, 'DELETE', `/api/files/${id}`, undefined, admin.token);
    expect((await call(t.app, 'DELETE', `/api/files/trash/${id}`, undefined, admin.token)).status).toBe(204);
    expect(await storageUsageOf(t.db, admin.ngoId)).toMatchObject({ used: 10, reserved: 0 });
    expect(storedObjects(t, admin.ngoId)).toHaveLength(1);
    expect((await call(t.app, 'GET', `/api/files/${id}`, undefined, admin.token)).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/files/trash/${id}`, undefined, admin.token)).status).toBe(404);
  });

  it('trashes a folder with all it holds, restores it whole, and purges the whole tree', async () => {
    const admin = await freshAdmin('Tree');
    const top = await folder(admin, 'Projects');
    const inner = await folder(admin, 'Water', top);
    await upload(admin, 'a.txt', 10, top);
    await upload(admin, 'b.txt', 20, inner);
    const loose = await upload(admin, 'c.txt', 40, inner);
    // A file trashed on its own inside the tree goes with it on the purge.
    await call(t.app, 'DELETE', `/api/files/${loose}`, undefined, admin.token);
    expect((await call(t.app, 'DELETE', `/api/folders/${top}`, undefined, admin.token)).status).toBe(200);
    expect(await list(admin)).toEqual([]);
    expect((await call(t.app, 'GET', `/api/files?folderId=${inner}`, undefined, admin.token)).status).toBe(
      404,
    );
    expect((await call(t.app, 'PATCH', `/api/folders/${inner}`, { name: 'X' }, admin.token)).status).toBe(
      404,
    );
    expect(names((await call(t.app, 'GET', '/api/files/trash', undefined, admin.token)).body)).toEqual([
      'Projects',
      'c.txt',
    ]);
    expect((await call(t.app, 'POST', `/api/folders/${top}/restore`, undefined, admin.token)).status).toBe(
      200,
    );
    expect(await list(admin, `&folderId=${inner}`)).toEqual(['b.txt']);
    await call(t.app, 'DELETE', `/api/folders/${top}`, undefined, admin.token);
    expect(await storageUsageOf(t.db, admin.ngoId)).toMatchObject({ used: 70 });
    expect((await call(t.app, 'DELETE', `/api/folders/trash/${top}`, undefined, admin.token)).status).toBe(
      204,
    );
    expect(await storageUsageOf(t.db, admin.ngoId)).toMatchObject({ used: 0, reserved: 0 });
    expect(await fileRowsOf(t, admin.ngoId)).toEqual([]);
    expect(await t.db.select().from(folders).where(eq(folders.ngoId, admin.ngoId))).toEqual([]);
    expect(storedObjects(t, admin.ngoId)).toEqual([]);
  });

  it('restores a file whose folder is gone to the root', async () => {
    const admin = await freshAdmin('Orphan');
    const box = await folder(admin, 'Box');
    const id = await upload(admin, 'kept.txt', 5, box);
    await call(t.app, 'DELETE', `/api/files/${id}`, undefined, admin.token);
    await call(t.app, 'DELETE', `/api/folders/${box}`, undefined, admin.token);
    const restored = await call(t.app, 'POST', `/api/files/${id}/restore`, undefined, admin.token);
    expect(restored.body).toMatchObject({ folderId: null, deletedAt: null });
    expect(await list(admin)).toEqual(['kept.txt']);
  });

  it('purges what has been in the trash over 30 days, across NGOs, freeing its bytes', async () => {
    const admin = await freshAdmin('Expiry');
    const other = await freshAdmin('Expiry neighbour');
    const now = new Date();
    const old = await upload(admin, 'old.txt', 100);
    const recent = await upload(admin, 'recent.txt', 200);
    const oldFolder = await folder(admin, 'Old folder');
    await upload(admin, 'inside.txt', 300, oldFolder);
    const neighbours = await upload(other, 'theirs.txt', 400);
    for (const id of [old, recent, neighbours])
      await call(t.app, 'DELETE', `/api/files/${id}`, undefined, admin.token);
    await call(t.app, 'DELETE', `/api/files/${neighbours}`, undefined, other.token);
    await call(t.app, 'DELETE', `/api/folders/${oldFolder}`, undefined, admin.token);
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    await t.db
      .update(files)
      .set({ deletedAt: ago(31) })
      .where(eq(files.id, old));
    await t.db
      .update(files)
      .set({ deletedAt: ago(29) })
      .where(eq(files.id, recent));
    await t.db
      .update(files)
      .set({ deletedAt: ago(40) })
      .where(eq(files.id, neighbours));
    await t.db
      .update(folders)
      .set({ deletedAt: ago(30.5) })
      .where(eq(folders.id, oldFolder));

    const purged = await purgeExpiredTrash(t.db, t.storage, now);
    expect(purged).toMatchObject({ files: 3, folders: 1, freedBytes: 800 });
    expect((await fileRowsOf(t, admin.ngoId)).map((f) => f.name)).toEqual(['recent.txt']);
    expect(await storageUsageOf(t.db, admin.ngoId)).toMatchObject({ used: 200 });
    expect(await storageUsageOf(t.db, other.ngoId)).toMatchObject({ used: 0 });
    expect(storedObjects(t, admin.ngoId)).toHaveLength(1);
    // Nothing is due again.
    expect(await purgeExpiredTrash(t.db, t.storage, now)).toMatchObject({
      files: 0,
      folders: 0,
      freedBytes: 0,
    });
  });

  it('empties the trash: everything for an admin, only one’s own items for others', async () => {
    const admin = await freshAdmin('Empty');
    const volunteer = await createTestUser(t, { ngoId: admin.ngoId, role: 'VOLUNTEER' });
    const mine = await upload(volunteer, 'mine.txt', 3);
    const theirs = await upload(admin, 'theirs.txt', 4);
    await call(t.app, 'DELETE', `/api/files/${mine}`, undefined, volunteer.token);
    await call(t.app, 'DELETE', `/api/files/${theirs}`, undefined, admin.token);
    const emptied = await call(t.app, 'DELETE', '/api/files/trash', undefined, volunteer.token);
    expect(emptied.body).toEqual({ removed: 1, freedBytes: 3 });
    expect(names((await call(t.app, 'GET', '/api/files/trash', undefined, admin.token)).body)).toEqual([
      'theirs.txt',
    ]);
    expect((await call(t.app, 'DELETE', '/api/files/trash', undefined, admin.token)).body).toEqual({
      removed: 1,
      freedBytes: 4,
    });
    expect(await storageUsageOf(t.db, admin.ngoId)).toMatchObject({ used: 0 });
  });
});

describe('folders', () => {
  it('renames and moves items, with breadcrumbs, refusing a folder inside itself (400) and clashes (409)', async () => {
    const admin = await freshAdmin('Moves');
    const a = await folder(admin, 'A');
    const b = await folder(admin, 'B', a);
    const c = await folder(admin, 'C', b);
    const detail = await call(t.app, 'GET', `/api/folders/${c}`, undefined, admin.token);
    expect(detail.body.path).toEqual([
      { id: a, name: 'A' },
      { id: b, name: 'B' },
      { id: c, name: 'C' },
    ]);
    for (const target of [a, b, c]) {
      const res = await call(t.app, 'PATCH', `/api/folders/${a}`, { parentId: target }, admin.token);
      expect(res.status, target).toBe(400);
      expect(res.body.fields).toHaveProperty('parentId');
    }
    const moved = await call(
      t.app,
      'PATCH',
      `/api/folders/${c}`,
      { parentId: null, name: 'C at root' },
      admin.token,
    );
    expect(moved.body).toMatchObject({ folderId: null, name: 'C at root' });
    const file = await upload(admin, 'doc.txt', 1, b);
    await upload(admin, 'doc.txt', 1, c);
    const clash = await call(t.app, 'PATCH', `/api/files/${file}`, { folderId: c }, admin.token);
    expect(clash.status).toBe(409);
    const renamedAndMoved = await call(
      t.app,
      'PATCH',
      `/api/files/${file}`,
      { folderId: c, name: 'doc (2).txt' },
      admin.token,
    );
    expect(renamedAndMoved.body).toMatchObject({ folderId: c, name: 'doc (2).txt' });
    expect(await list(admin, `&folderId=${c}`)).toEqual(['doc (2).txt', 'doc.txt']);
    expect((await call(t.app, 'PATCH', `/api/files/${file}`, {}, admin.token)).status).toBe(400);
    expect((await call(t.app, 'PATCH', `/api/files/${file}`, { name: '../up' }, admin.token)).status).toBe(
      400,
    );
    expect((await call(t.app, 'PATCH', `/api/files/${file}`, { folderId: 'nope' }, admin.token)).status).toBe(
      404,
    );
    const folderList = await call(t.app, 'GET', `/api/folders?parentId=${a}`, undefined, admin.token);
    expect(names(folderList.body)).toEqual(['B']);
  });

  it('replays a folder creation sent again with the same Idempotency-Key', async () => {
    const admin = await freshAdmin('Replay');
    const headers = { 'idempotency-key': 'a6d3c7e4-3a1b-4c55-9d1e-0f2b3c4d5e6f' };
    const first = await call(t.app, 'POST', '/api/folders', { name: 'Once' }, admin.token, headers);
    const second = await call(t.app, 'POST', '/api/folders', { name: 'Once' }, admin.token, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await list(admin)).toEqual(['Once']);
  });
});

describe('listing pages', () => {
  let admin: TestUser;
  let place: string;
  beforeAll(async () => {
    admin = await freshAdmin('Paging');
    place = await folder(admin, 'Many');
    for (const name of ['zeta', 'Alpha', 'beta', 'Gamma', 'delta']) await folder(admin, name, place);
    // Equal sizes and names differing only by case, so ties are broken by the later keys.
    for (let i = 0; i < 23; i++)
      await upload(
        admin,
        `${i % 2 ? 'Report' : 'report'} ${String(i).padStart(2, '0')}.txt`,
        (i * 37) % 11,
        place,
      );
  });

  const walk = async (query: string, limit: number) => {
    const items: StorageItem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/files?folderId=${place}&limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call(t.app, 'GET', url, undefined, admin.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      items.push(...(res.body as unknown as StorageItem[]));
      cursor = res.headers.get(NEXT_CURSOR_HEADER);
      pages++;
    } while (cursor && pages < 50);
    return items;
  };

  it('walks every order page by page to the same items as one page of all of them', async () => {
    for (const query of [
      '',
      '&sortBy=name&sortOrder=desc',
      '&sortBy=created',
      '&sortBy=created&sortOrder=asc',
      '&sortBy=size',
      '&sortBy=size&sortOrder=asc',
      '&search=REPORT 1',
    ]) {
      const whole = (
        await call(t.app, 'GET', `/api/files?folderId=${place}&limit=100${query}`, undefined, admin.token)
      ).body as unknown as StorageItem[];
      for (const limit of [1, 4, 7]) {
        const walked = await walk(query, limit);
        expect(
          walked.map((i) => i.id),
          `${query} by ${limit}`,
        ).toEqual(whole.map((i) => i.id));
      }
      if (!query.includes('search')) expect(whole).toHaveLength(28);
    }
  });

  it('puts folders first, then files in the order asked for', async () => {
    const byName = (
      await call(t.app, 'GET', `/api/files?folderId=${place}&limit=100`, undefined, admin.token)
    ).body as unknown as StorageItem[];
    expect(byName.slice(0, 5).map((i) => i.name)).toEqual(['Alpha', 'beta', 'delta', 'Gamma', 'zeta']);
    expect(byName.slice(5).every((i) => i.kind === 'file')).toBe(true);
    const fileNames = byName.slice(5).map((i) => i.name);
    expect(fileNames).toEqual(
      [...fileNames].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase()) || (x < y ? -1 : 1)),
    );
    const bySize = (
      await call(t.app, 'GET', `/api/files?folderId=${place}&limit=100&sortBy=size`, undefined, admin.token)
    ).body as unknown as StorageItem[];
    const sizes = bySize.slice(5).map((i) => i.sizeBytes!);
    expect(sizes).toEqual([...sizes].sort((x, y) => y - x));
    const search = (
      await call(t.app, 'GET', `/api/files?folderId=${place}&limit=100&search=ALP`, undefined, admin.token)
    ).body;
    expect(names(search)).toEqual(['Alpha']);
  });

  it('refuses a cursor made for other filters or another organisation', async () => {
    const first = await call(t.app, 'GET', `/api/files?folderId=${place}&limit=2`, undefined, admin.token);
    const cursor = first.headers.get(NEXT_CURSOR_HEADER)!;
    const other = await call(
      t.app,
      'GET',
      `/api/files?folderId=${place}&limit=2&sortBy=size&cursor=${cursor}`,
      undefined,
      admin.token,
    );
    expect(other.status).toBe(400);
    expect(other.body.fields).toHaveProperty('cursor');
    const stranger = await freshAdmin('Stranger');
    const theirs = await call(t.app, 'GET', `/api/files?limit=2&cursor=${cursor}`, undefined, stranger.token);
    expect(theirs.status).toBe(400);
  });
});
