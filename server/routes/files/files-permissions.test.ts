import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../../contract/roles';
import { folders } from '../../db/schema';
import { storeFileAs, uploadFile, download } from '../../testing/files';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';

/*
 * The permission matrix of the file layer: every role (and the legacy 'admin') × every operation, in
 * the caller's own NGO; another NGO's ordinary member (404 everywhere); another NGO's SUPER_ADMIN
 * (reads by id only, ADR 0020).
 */

const allRoles = [...roles, 'admin'] as const;
const writers = new Set(['SUPER_ADMIN', 'ADMIN', 'admin', 'NGO_ADMIN', 'STAFF', 'VOLUNTEER']);
const managers = new Set(['SUPER_ADMIN', 'ADMIN', 'admin', 'NGO_ADMIN']);

let t: TestApp;
let ngoId: string;
let users: Record<string, TestUser>;
/** A member who owns the 'others'' items every role meets. */
let colleague: TestUser;
let outsider: TestUser;
let outsideSuperAdmin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ngoId = await createTestNgo(t, 'Matrix Relief');
  users = await createUserPerRole(t, ngoId);
  colleague = await createTestUser(t, { ngoId, role: 'STAFF', name: 'Colleague' });
  const elsewhere = await createTestNgo(t, 'Elsewhere');
  outsider = await createTestUser(t, { ngoId: elsewhere, role: 'NGO_ADMIN' });
  outsideSuperAdmin = await createTestUser(t, { ngoId: elsewhere, role: 'SUPER_ADMIN' });
});
afterAll(() => t.close());

const expectStatus = (res: { status: number; body: unknown }, status: number, what: string) =>
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);

const folderOf = async (user: TestUser, name: string) => {
  const res = await call(t.app, 'POST', '/api/folders', { name }, users.NGO_ADMIN!.token);
  expect(res.status).toBe(201);
  // Made by the NGO admin, then handed to `user` as its owner, so any role can own a folder.
  const id = res.body.id as string;
  await t.db.update(folders).set({ createdBy: user.id }).where(eq(folders.id, id));
  return id;
};

describe.each(allRoles)('files as %s', (role) => {
  const may = (set: Set<string>, yes: number) => (set.has(role) ? yes : 403);

  it('reads the NGO’s files: the listing, a file, its bytes, a folder, the trash and the usage', async () => {
    const user = users[role]!;
    const file = await storeFileAs(t, colleague, `read-${role}.txt`, 'shared notes');
    const folder = await folderOf(colleague, `Read ${role}`);
    const list = await call(t.app, 'GET', '/api/files?limit=100', undefined, user.token);
    expectStatus(list, 200, 'list');
    expect((list.body as unknown as { id: string }[]).map((i) => i.id)).toEqual(
      expect.arrayContaining([file.id, folder]),
    );
    expectStatus(await call(t.app, 'GET', `/api/files/${file.id}`, undefined, user.token), 200, 'get');
    const bytes = await download(t, user.token, file.id);
    expect(bytes.status).toBe(200);
    expect(bytes.bytes.toString()).toBe('shared notes');
    expectStatus(await call(t.app, 'GET', `/api/folders/${folder}`, undefined, user.token), 200, 'folder');
    expectStatus(await call(t.app, 'GET', '/api/folders', undefined, user.token), 200, 'folders');
    expectStatus(await call(t.app, 'GET', '/api/files/trash', undefined, user.token), 200, 'trash');
    expectStatus(await call(t.app, 'GET', '/api/files/usage', undefined, user.token), 200, 'usage');
  });

  it('uploads and makes folders only when the role may write', async () => {
    const user = users[role]!;
    const upload = await uploadFile(t, user.token, `upload-${role}.txt`, 'evidence');
    expectStatus(upload, may(writers, 201), 'upload');
    if (upload.status === 201) expect(upload.body).toMatchObject({ ownerId: user.id, sizeBytes: 8 });
    const folder = await call(t.app, 'POST', '/api/folders', { name: `Made by ${role}` }, user.token);
    expectStatus(folder, may(writers, 201), 'create folder');
  });

  it('renames and moves its own items while it may write, and others’ only as a manager', async () => {
    const user = users[role]!;
    const target = await folderOf(colleague, `Target ${role}`);
    const own = await storeFileAs(t, user, `own-${role}.txt`, 'mine');
    const others = await storeFileAs(t, colleague, `others-${role}.txt`, 'theirs');
    const ownFolder = await folderOf(user, `Own folder ${role}`);
    const othersFolder = await folderOf(colleague, `Others folder ${role}`);
    const patch = (kind: 'files' | 'folders', id: string, body: object) =>
      call(t.app, 'PATCH', `/api/${kind}/${id}`, body, user.token);

    expectStatus(
      await patch('files', own.id, { name: `own-${role} renamed.txt` }),
      may(writers, 200),
      'rename own',
    );
    expectStatus(await patch('files', own.id, { folderId: target }), may(writers, 200), 'move own');
    expectStatus(
      await patch('folders', ownFolder, { name: `Own ${role} renamed` }),
      may(writers, 200),
      'rename own folder',
    );
    expectStatus(
      await patch('files', others.id, { name: `others-${role} renamed.txt` }),
      may(managers, 200),
      'rename others',
    );
    expectStatus(await patch('files', others.id, { folderId: target }), may(managers, 200), 'move others');
    expectStatus(
      await patch('folders', othersFolder, { parentId: target }),
      may(managers, 200),
      'move others’ folder',
    );
  });

  it('trashes, restores and purges its own items in any role, and others’ only as a manager', async () => {
    const user = users[role]!;
    const own = await storeFileAs(t, user, `bin-own-${role}.txt`, 'mine');
    const others = await storeFileAs(t, colleague, `bin-others-${role}.txt`, 'theirs');
    const send = (method: string, path: string) => call(t.app, method, path, undefined, user.token);

    expectStatus(await send('DELETE', `/api/files/${own.id}`), 200, 'trash own');
    expectStatus(await send('POST', `/api/files/${own.id}/restore`), 200, 'restore own');
    expectStatus(await send('DELETE', `/api/files/${own.id}`), 200, 'trash own again');
    expectStatus(await send('DELETE', `/api/files/trash/${own.id}`), 204, 'purge own');

    expectStatus(await send('DELETE', `/api/files/${others.id}`), may(managers, 200), 'trash others');
    if (!managers.has(role)) {
      // Trashed by an admin, it is still not this role's to restore or purge.
      await call(t.app, 'DELETE', `/api/files/${others.id}`, undefined, users.NGO_ADMIN!.token);
    }
    expectStatus(await send('POST', `/api/files/${others.id}/restore`), may(managers, 200), 'restore others');
    if (managers.has(role)) await send('DELETE', `/api/files/${others.id}`);
    expectStatus(await send('DELETE', `/api/files/trash/${others.id}`), may(managers, 204), 'purge others');
  });

  it('removes its own folder only when everything in it is its own, unless a manager', async () => {
    const user = users[role]!;
    const mixed = await folderOf(user, `Mixed ${role}`);
    await storeFileAs(t, colleague, `inside-${role}.txt`, 'theirs', mixed);
    const res = await call(t.app, 'DELETE', `/api/folders/${mixed}`, undefined, user.token);
    expectStatus(res, may(managers, 200), 'trash a folder holding others’ files');
    const clean = await folderOf(user, `Clean ${role}`);
    await storeFileAs(t, user, `mine-inside-${role}.txt`, 'mine', clean);
    expectStatus(
      await call(t.app, 'DELETE', `/api/folders/${clean}`, undefined, user.token),
      200,
      'trash own folder',
    );
    expectStatus(
      await call(t.app, 'POST', `/api/folders/${clean}/restore`, undefined, user.token),
      200,
      'restore',
    );
    await call(t.app, 'DELETE', `/api/folders/${clean}`, undefined, user.token);
    expectStatus(
      await call(t.app, 'DELETE', `/api/folders/trash/${clean}`, undefined, user.token),
      204,
      'purge',
    );
  });
});

describe('files across organisations', () => {
  it('answers another NGO’s member 404 for every item of this NGO, and lists only their own', async () => {
    const file = await storeFileAs(t, colleague, 'private.txt', 'ours');
    const folder = await folderOf(colleague, 'Private folder');
    const trashed = await storeFileAs(t, colleague, 'trashed.txt', 'ours');
    await call(t.app, 'DELETE', `/api/files/${trashed.id}`, undefined, colleague.token);
    const token = outsider.token;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/files/${file.id}`],
      ['GET', `/api/files/${file.id}/content`],
      ['PATCH', `/api/files/${file.id}`, { name: 'mine.txt' }],
      ['DELETE', `/api/files/${file.id}`],
      ['POST', `/api/files/${trashed.id}/restore`],
      ['DELETE', `/api/files/trash/${trashed.id}`],
      ['GET', `/api/folders/${folder}`],
      ['GET', `/api/files?folderId=${folder}`],
      ['GET', `/api/folders?parentId=${folder}`],
      ['PATCH', `/api/folders/${folder}`, { name: 'Mine' }],
      ['DELETE', `/api/folders/${folder}`],
      ['POST', `/api/folders`, { name: 'Inside theirs', parentId: folder }],
      ['POST', `/api/folders/${folder}/restore`],
      ['DELETE', `/api/folders/trash/${folder}`],
    ];
    for (const [method, path, body] of attempts)
      expectStatus(await call(t.app, method, path, body, token), 404, `${method} ${path}`);
    expectStatus(await uploadFile(t, token, 'x.txt', 'x', { folderId: folder }), 404, 'upload into theirs');
    // Their own listing, trash and usage hold nothing of this NGO.
    expect((await call(t.app, 'GET', '/api/files', undefined, token)).body).toEqual([]);
    expect((await call(t.app, 'GET', '/api/files/trash', undefined, token)).body).toEqual([]);
    expect((await call(t.app, 'GET', '/api/files/usage', undefined, token)).body).toMatchObject({
      usedBytes: 0,
    });
    // Their empty-trash leaves this NGO's trash alone.
    expect((await call(t.app, 'DELETE', '/api/files/trash', undefined, token)).body).toEqual({
      removed: 0,
      freedBytes: 0,
    });
    expectStatus(
      await call(t.app, 'GET', `/api/files/${trashed.id}`, undefined, colleague.token),
      200,
      'still',
    );
  });

  it('lets another NGO’s SUPER_ADMIN read items by id, and neither list nor change them (ADR 0020)', async () => {
    const file = await storeFileAs(t, colleague, 'supported.txt', 'ours');
    const folder = await folderOf(colleague, 'Supported folder');
    const token = outsideSuperAdmin.token;
    expectStatus(await call(t.app, 'GET', `/api/files/${file.id}`, undefined, token), 200, 'get file');
    expect((await download(t, token, file.id)).bytes.toString()).toBe('ours');
    expectStatus(await call(t.app, 'GET', `/api/folders/${folder}`, undefined, token), 200, 'get folder');
    for (const [method, path, body] of [
      ['GET', `/api/files?folderId=${folder}`],
      ['PATCH', `/api/files/${file.id}`, { name: 'taken.txt' }],
      ['DELETE', `/api/files/${file.id}`],
      ['PATCH', `/api/folders/${folder}`, { name: 'Taken' }],
      ['DELETE', `/api/folders/${folder}`],
    ] as [string, string, unknown?][])
      expectStatus(await call(t.app, method, path, body, token), 404, `${method} ${path}`);
    expect(
      (await call(t.app, 'GET', `/api/files/${file.id}`, undefined, colleague.token)).body,
    ).toMatchObject({
      name: 'supported.txt',
      deletedAt: null,
    });
  });

  it('asks for a token on every operation', async () => {
    const file = await storeFileAs(t, colleague, 'token.txt', 'x');
    for (const [method, path] of [
      ['GET', '/api/files'],
      ['GET', `/api/files/${file.id}`],
      ['GET', `/api/files/${file.id}/content`],
      ['GET', '/api/files/usage'],
      ['GET', '/api/files/trash'],
      ['POST', '/api/folders'],
      ['DELETE', `/api/files/${file.id}`],
    ])
      expectStatus(await call(t.app, method!, path!, undefined, undefined), 401, `${method} ${path}`);
    expectStatus(await uploadFile(t, undefined, 'anon.txt', 'x'), 401, 'upload');
  });
});
