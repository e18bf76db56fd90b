import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_PER_RESPONSE_MAX } from '../../../contract/forms/media';
import { files, folders, formMedia, forms, rateLimits, users } from '../../db/schema';
import { newId } from '../../services/ids';
import { storageUsageOf } from '../../services/storage/storage-quota';
import { uploadLockerFor } from '../../services/storage/upload-locker';
import { fileUploadBackend } from '../../services/storage/upload-store';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { offsetOf, tusClient } from '../../testing/tus';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';
import { openForm, photoSurvey, sendMedia, sendResponse } from '../forms/forms.testing';
import { FORM_MEDIA_PER_IP } from './uploads.routes';
import { purgeExpiredUploads } from './uploads.service';

let t: TestApp;
let tus: ReturnType<typeof tusClient>;
let members: Record<string, TestUser>;
let admin: TestUser;
let formId: string;

const bytes = (n: number, seed = 7) => Uint8Array.from({ length: n }, (_, i) => (i * seed + 3) % 256);
const picture = async (format: 'png' | 'jpeg') =>
  new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
      [format]()
      .toBuffer(),
  );
const json = async (res: Response) =>
  (await res.json()) as { message: string; code: string; fields?: Record<string, string> };

const mediaFolderOf = async (form: string) =>
  (await t.db.select({ id: forms.mediaFolderId }).from(forms).where(eq(forms.id, form)))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  tus = tusClient(t);
  members = await createUserPerRole(t, await createTestNgo(t, 'Borehole Relief'));
  admin = members.NGO_ADMIN!;
  formId = await openForm(t, admin);
});
afterAll(() => t.close());

describe('a response’s file, uploaded without a token', () => {
  it('arrives whole in its creation request, in the form’s folder, as the creator’s, counted in the quota', async () => {
    const before = await storageUsageOf(t.db, admin.ngoId);
    const photo = await picture('png');
    const instanceId = randomUUID();
    const res = await sendMedia(t, formId, instanceId, 'front.png', photo.length, photo);
    expect(res.status, await res.clone().text()).toBe(201);
    const fileId = res.headers.get('upload-file-id')!;

    const [file] = await t.db.select().from(files).where(eq(files.id, fileId));
    const folderId = await mediaFolderOf(formId);
    expect(file).toMatchObject({ folderId, ownerId: admin.id, contentType: 'image/png', name: 'front.png' });
    const [folder] = await t.db.select().from(folders).where(eq(folders.id, folderId!));
    expect(folder).toMatchObject({ name: 'Borehole check – responses', parentId: null, deletedAt: null });
    expect(await storageUsageOf(t.db, admin.ngoId)).toMatchObject({
      used: before.used + photo.length,
      reserved: 0,
    });

    const sent = await sendResponse(t, formId, instanceId, { site: 'North', photo: 'front.png' });
    expect(sent.status).toBe(201);
    expect(sent.body.media).toEqual([
      {
        name: 'front.png',
        received: true,
        contentType: 'image/png',
        sizeBytes: photo.length,
        hasThumbnail: true,
      },
    ]);
  });

  it('takes a file in two chunks, resuming from HEAD, and the response lists it once it completes', async () => {
    const instanceId = randomUUID();
    const sent = await sendResponse(t, formId, instanceId, {
      site: 'South',
      paperwork: { permit: 'permit.bin' },
      visit: [{ clip: 'voice.m4a', note: 'ok' }],
    });
    expect(sent.body.media).toEqual([
      { name: 'permit.bin', received: false, contentType: null, sizeBytes: null, hasThumbnail: false },
      { name: 'voice.m4a', received: false, contentType: null, sizeBytes: null, hasThumbnail: false },
    ]);

    const data = bytes(300_000);
    const created = await sendMedia(t, formId, instanceId, 'permit.bin', data.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const first = await tus.patch(undefined, location, 0, data.subarray(0, 150_000));
    expect([first.status, offsetOf(first)]).toEqual([204, 150_000]);
    const head = await tus.head(undefined, location);
    expect([head.status, offsetOf(head)]).toEqual([200, 150_000]);
    const last = await tus.patch(undefined, location, offsetOf(head), data.subarray(150_000));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-file-id')).toMatch(/^[0-9a-z]{26}$/);

    const listed = await call(t.app, 'GET', `/api/forms/${formId}/submissions`, undefined, admin.token);
    const response = (listed.body as unknown as { instanceId: string; media: unknown[] }[]).find(
      (r) => r.instanceId === instanceId,
    );
    expect(response?.media).toEqual([
      {
        name: 'permit.bin',
        received: true,
        contentType: 'application/octet-stream',
        sizeBytes: 300_000,
        hasThumbnail: false,
      },
      { name: 'voice.m4a', received: false, contentType: null, sizeBytes: null, hasThumbnail: false },
    ]);
  });

  it('refuses a file the stored response does not name, and a file that already arrived', async () => {
    const instanceId = randomUUID();
    await sendResponse(t, formId, instanceId, {
      site: 'East',
      photo: 'east.jpg',
      visit: [{ note: 'east.txt' }],
    });
    const stranger = await sendMedia(t, formId, instanceId, 'east.txt', 3, bytes(3));
    expect([stranger.status, (await json(stranger)).fields]).toEqual([
      400,
      { filename: 'This response names no file “east.txt”.' },
    ]);
    const photo = await picture('jpeg');
    expect((await sendMedia(t, formId, instanceId, 'east.jpg', photo.length, photo)).status).toBe(201);
    const again = await sendMedia(t, formId, instanceId, 'east.jpg', photo.length, photo);
    expect([again.status, await json(again)]).toEqual([
      409,
      { message: 'This file of the response has already arrived.', code: 'media_already_received' },
    ]);
  });

  it('ends an unfinished upload of the same file started again, with its hold', async () => {
    const instanceId = randomUUID();
    const before = (await storageUsageOf(t.db, admin.ngoId)).reserved;
    const earlier = (await sendMedia(t, formId, instanceId, 'redo.bin', 1_000)).headers.get('location')!;
    await tus.patch(undefined, earlier, 0, bytes(400));
    const later = await sendMedia(t, formId, instanceId, 'redo.bin', 1_000);
    expect(later.status).toBe(201);
    expect((await storageUsageOf(t.db, admin.ngoId)).reserved).toBe(before + 1_000);
    expect((await tus.head(undefined, earlier)).status).toBe(401);
    const location = later.headers.get('location')!;
    expect(offsetOf(await tus.head(undefined, location))).toBe(0);
    expect((await tus.patch(undefined, location, 0, bytes(1_000))).status).toBe(204);
    expect(await t.db.select().from(formMedia).where(eq(formMedia.instanceId, instanceId))).toHaveLength(1);
  });

  it('lets the sender cancel an unfinished file, which no longer counts for the response', async () => {
    const instanceId = randomUUID();
    const before = (await storageUsageOf(t.db, admin.ngoId)).reserved;
    const location = (await sendMedia(t, formId, instanceId, 'gone.bin', 500)).headers.get('location')!;
    expect((await tus.remove(undefined, location)).status).toBe(204);
    expect((await storageUsageOf(t.db, admin.ngoId)).reserved).toBe(before);
    expect(await t.db.select().from(formMedia).where(eq(formMedia.instanceId, instanceId))).toEqual([]);
  });

  it('refuses closed, unknown and never-published forms, and bad metadata', async () => {
    const closed = await openForm(t, admin, 'Closed survey');
    await call(t.app, 'POST', `/api/forms/${closed}/close`, {}, admin.token);
    const refused = await sendMedia(t, closed, randomUUID(), 'a.jpg', 3, bytes(3));
    expect([refused.status, await json(refused)]).toEqual([
      409,
      { message: 'This form is closed and takes no more responses.', code: 'form_closed' },
    ]);
    expect((await sendMedia(t, 'NOSUCHFORM', randomUUID(), 'a.jpg', 3)).status).toBe(404);
    const draft = (await call(t.app, 'POST', '/api/forms', { definition: photoSurvey }, admin.token)).body
      .id as string;
    expect((await sendMedia(t, draft, randomUUID(), 'a.jpg', 3)).status).toBe(404);

    const badInstance = await sendMedia(t, formId, 'not-a-uuid', 'a.jpg', 3);
    expect([badInstance.status, (await json(badInstance)).fields]).toEqual([
      400,
      { instanceId: 'Instance id must be a UUID.' },
    ]);
    const badName = await sendMedia(t, formId, randomUUID(), '../a.jpg', 3);
    expect([badName.status, Object.keys((await json(badName)).fields ?? {})]).toEqual([400, ['filename']]);
  });

  it('still needs a token for any other upload', async () => {
    const staff = members.STAFF!;
    const created = await tus.create(staff.token, 10, { filename: 'mine.bin' });
    const location = created.headers.get('location')!;
    expect((await tus.patch(undefined, location, 0, bytes(10))).status).toBe(401);
    expect((await tus.head(undefined, location)).status).toBe(401);
    expect((await tus.remove(undefined, location)).status).toBe(401);
    expect((await tus.create(undefined, 10, { filename: 'mine.bin' })).status).toBe(401);
    expect((await tus.head(staff.token, location)).status).toBe(200);
  });
});

describe('the form’s media folder', () => {
  it('is made once for concurrent first files, and again once it was trashed', async () => {
    const form = await openForm(t, admin, 'Water points');
    const instanceId = randomUUID();
    const started = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((n) => sendMedia(t, form, instanceId, `${n}.bin`, 2, bytes(2))),
    );
    expect(started.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const named = () =>
      t.db
        .select({ id: folders.id })
        .from(folders)
        .where(and(eq(folders.ngoId, admin.ngoId), like(folders.name, 'Water points%')));
    expect(await named()).toHaveLength(1);

    const first = await mediaFolderOf(form);
    expect((await call(t.app, 'DELETE', `/api/folders/${first}`, undefined, admin.token)).status).toBe(200);
    expect((await sendMedia(t, form, instanceId, 'f.bin', 2, bytes(2))).status).toBe(201);
    const second = await mediaFolderOf(form);
    expect(second).not.toBe(first);
    const [folder] = await t.db.select().from(folders).where(eq(folders.id, second!));
    expect(folder).toMatchObject({ name: 'Water points – responses', deletedAt: null });
  });

  it('belongs to an admin when the form’s creator is gone, and is refused when there is none', async () => {
    const form = await openForm(t, admin, 'Orphaned');
    await t.db.update(forms).set({ createdBy: null }).where(eq(forms.id, form));
    const res = await sendMedia(t, form, randomUUID(), 'a.bin', 2, bytes(2));
    expect(res.status).toBe(201);
    const [owner] = await t.db
      .select({ role: users.role })
      .from(files)
      .innerJoin(users, eq(users.id, files.ownerId))
      .where(eq(files.id, res.headers.get('upload-file-id')!));
    expect(['ADMIN', 'NGO_ADMIN', 'admin']).toContain(owner!.role);

    const lone = await createTestUser(t, { ngoId: await createTestNgo(t, 'Lone'), role: 'NGO_ADMIN' });
    const lonely = await openForm(t, lone, 'Nobody left');
    await t.db.update(forms).set({ createdBy: null }).where(eq(forms.id, lonely));
    await t.db.update(users).set({ role: 'STAFF' }).where(eq(users.id, lone.id));
    const refused = await sendMedia(t, lonely, randomUUID(), 'a.bin', 2, bytes(2));
    expect([refused.status, (await json(refused)).code]).toEqual([409, 'form_owner_missing']);
  });
});

describe('the form’s media folder, named after a dotted title', () => {
  it('takes a free name with its number at the end, a folder having no extension', async () => {
    const form = await openForm(t, admin, 'Census v1.2');
    const taken = await call(t.app, 'POST', '/api/folders', { name: 'Census v1.2 – responses' }, admin.token);
    expect(taken.status).toBe(201);
    expect((await sendMedia(t, form, randomUUID(), 'a.bin', 2, bytes(2))).status).toBe(201);
    const [folder] = await t.db
      .select()
      .from(folders)
      .where(eq(folders.id, (await mediaFolderOf(form))!));
    expect(folder!.name).toBe('Census v1.2 – responses (2)');
  });
});

describe('limits on responses’ files', () => {
  it('stops counting a file whose upload expired unfinished against the response', async () => {
    const instanceId = randomUUID();
    const started = await sendMedia(t, formId, instanceId, 'half.bin', 10, bytes(5));
    expect(started.status).toBe(201);
    const countOf = async () =>
      (await t.db.select().from(formMedia).where(eq(formMedia.instanceId, instanceId))).length;
    expect(await countOf()).toBe(1);
    const backend = fileUploadBackend(join(t.env.DATA_DIR, 'uploads'), t.storage);
    const purged = await purgeExpiredUploads(
      t.db,
      backend,
      uploadLockerFor(t.db),
      new Date(Date.now() + 25 * 3_600_000),
    );
    expect(purged.expired).toBeGreaterThanOrEqual(1);
    expect(await countOf()).toBe(0);
    // The device starts it again from nothing, and it arrives.
    expect((await sendMedia(t, formId, instanceId, 'half.bin', 10, bytes(10))).status).toBe(201);
    const [row] = await t.db.select().from(formMedia).where(eq(formMedia.instanceId, instanceId));
    expect(row!.fileId).toBeTruthy();
  });

  it(`takes at most ${MEDIA_PER_RESPONSE_MAX} files per response`, async () => {
    const instanceId = randomUUID();
    const [form] = await t.db.select({ ngoId: forms.ngoId }).from(forms).where(eq(forms.id, formId));
    await t.db.insert(formMedia).values(
      Array.from({ length: MEDIA_PER_RESPONSE_MAX }, (_, i) => ({
        id: newId(),
        ngoId: form!.ngoId,
        formId,
        instanceId,
        name: `f${i}.bin`,
        uploadId: newId(),
      })),
    );
    const res = await sendMedia(t, formId, instanceId, 'one-more.bin', 2, bytes(2));
    expect([res.status, (await json(res)).code]).toEqual([400, 'too_many_media']);
  });

  it('limits the files sent from one address', async () => {
    const key = 'form-media:local';
    // The address's window, filled up (the earlier tests counted in it too).
    const full = { count: FORM_MEDIA_PER_IP.max, windowEndsAt: new Date(Date.now() + 60_000) };
    await t.db
      .insert(rateLimits)
      .values({ key, ...full })
      .onConflictDoUpdate({ target: rateLimits.key, set: full });
    try {
      const res = await sendMedia(t, formId, randomUUID(), 'a.bin', 2, bytes(2));
      expect([res.status, (await json(res)).code]).toEqual([429, 'too_many_requests']);
      expect(res.headers.get('retry-after')).toBeTruthy();
    } finally {
      await t.db.delete(rateLimits).where(eq(rateLimits.key, key));
    }
  });
});
