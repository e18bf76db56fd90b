import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageItem, StorageUsageAnswer } from '../../../contract/files';
import { files, formMedia, storageUsage } from '../../db/schema';
import { openForm, sendMedia, sendResponse } from '../forms/forms.testing';
import { purgeExpiredTrash } from '../../services/storage/trash-purge';
import { fileUploadBackend, type UploadBackend } from '../../services/storage/upload-store';
import { storedObjects } from '../../testing/files';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { tusClient } from '../../testing/tus';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';
import { sweepUnclaimedMedia, UNCLAIMED_MEDIA_GRACE_MS } from './unclaimed-media';

let t: TestApp;
let backend: UploadBackend;

beforeAll(async () => {
  t = await createTestApp();
  backend = fileUploadBackend(join(t.env.DATA_DIR, 'uploads'), t.storage);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
const pastGrace = () => new Date(Date.now() + UNCLAIMED_MEDIA_GRACE_MS + DAY);
const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) % 256);
const sweep = (now: Date) => sweepUnclaimedMedia(t.db, backend, now);
const nothingSwept = { trashed: 0, ended: 0, forgotten: 0, failed: 0 };

/** An NGO of its own (so its usage is this test's alone), its admin and a published photo form. */
async function freshForm(name: string): Promise<{ admin: TestUser; form: string }> {
  const admin = await createTestUser(t, { ngoId: await createTestNgo(t, name), role: 'NGO_ADMIN' });
  return { admin, form: await openForm(t, admin, `${name} check`) };
}

/** A response's file sent whole; the id of the file it became. */
async function sendFile(form: string, instanceId: string, name: string, size: number): Promise<string> {
  const res = await sendMedia(t, form, instanceId, name, size, bytes(size));
  expect(res.status, await res.clone().text()).toBe(201);
  return res.headers.get('upload-file-id')!;
}

/** What the quota meter shows the NGO. */
const usageOf = async (admin: TestUser) =>
  (await call(t.app, 'GET', '/api/files/usage', undefined, admin.token))
    .body as unknown as StorageUsageAnswer;

const trashOf = async (admin: TestUser) =>
  (
    (await call(t.app, 'GET', '/api/files/trash?limit=100', undefined, admin.token)).body as StorageItem[]
  ).map((item) => item.id);

const fileOf = async (id: string) => (await t.db.select().from(files).where(eq(files.id, id)))[0];
const rowsOf = (instanceId: string) =>
  t.db.select().from(formMedia).where(eq(formMedia.instanceId, instanceId));

describe('the sweep of response files whose response never arrived', () => {
  it('moves such a file to the trash past the grace, and the purge then frees its quota', async () => {
    const { admin, form } = await freshForm('Lost Response');
    const instanceId = randomUUID();
    const fileId = await sendFile(form, instanceId, 'lost.bin', 1_000);
    expect(await usageOf(admin)).toMatchObject({ usedBytes: 1_000, reservedBytes: 0 });

    expect((await sweep(pastGrace())).trashed).toBeGreaterThanOrEqual(1);
    expect(await trashOf(admin)).toEqual([fileId]);
    // The trash still counts until it is purged (ADR 0030), so an admin may yet restore the file.
    expect((await usageOf(admin)).usedBytes).toBe(1_000);
    expect(await rowsOf(instanceId)).toEqual([]);

    // The response arriving late is still taken; its file then shows as not received.
    const late = await sendResponse(t, form, instanceId, { site: 'Late', photo: 'lost.bin' });
    expect(late.status).toBe(201);
    expect(late.body.media).toEqual([
      { name: 'lost.bin', received: false, contentType: null, sizeBytes: null, hasThumbnail: false },
    ]);

    await purgeExpiredTrash(t.db, t.storage, inDays(31));
    expect((await usageOf(admin)).usedBytes).toBe(0);
    expect(storedObjects(t, admin.ngoId)).toEqual([]);
  });

  it('leaves a file whose response arrived, and a file younger than the grace', async () => {
    const { admin, form } = await freshForm('Kept Response');
    const answered = randomUUID();
    const kept = await sendFile(form, answered, 'kept.bin', 300);
    expect((await sendResponse(t, form, answered, { site: 'North', photo: 'kept.bin' })).status).toBe(201);
    const waiting = randomUUID();
    const young = await sendFile(form, waiting, 'young.bin', 200);

    await sweep(new Date(Date.now() + UNCLAIMED_MEDIA_GRACE_MS - DAY));
    expect((await fileOf(young))?.deletedAt).toBeNull();
    expect(await rowsOf(waiting)).toHaveLength(1);

    await sweep(pastGrace());
    expect((await fileOf(kept))?.deletedAt).toBeNull();
    expect(await rowsOf(answered)).toHaveLength(1);
    const listed = await call(t.app, 'GET', `/api/forms/${form}/submissions`, undefined, admin.token);
    expect((listed.body as unknown as { media: unknown[] }[])[0]?.media).toEqual([
      expect.objectContaining({ name: 'kept.bin', received: true, sizeBytes: 300 }),
    ]);
  });

  it('leaves a file started again lately, though its first start is past the grace', async () => {
    const { admin, form } = await freshForm('Restarted Response');
    const instanceId = randomUUID();
    const first = await sendMedia(t, form, instanceId, 'again.bin', 500);
    await t.db
      .update(formMedia)
      .set({ createdAt: inDays(-40) })
      .where(eq(formMedia.instanceId, instanceId));
    expect((await sendMedia(t, form, instanceId, 'again.bin', 500)).status).toBe(201);
    expect(first.status).toBe(201);

    await sweep(new Date());
    expect(await rowsOf(instanceId)).toHaveLength(1);
    expect((await usageOf(admin)).reservedBytes).toBe(500);
  });

  it('ends an unfinished upload past the grace, releasing its quota hold and its received bytes', async () => {
    const { admin, form } = await freshForm('Half Response');
    const instanceId = randomUUID();
    const started = await sendMedia(t, form, instanceId, 'half.bin', 1_000);
    const location = started.headers.get('location')!;
    expect((await tusClient(t).patch(undefined, location, 0, bytes(400))).status).toBe(204);
    const uploadId = location.split('/').pop()!;
    const received = join(t.env.DATA_DIR, 'uploads', uploadId);
    expect(existsSync(received)).toBe(true);
    expect((await usageOf(admin)).reservedBytes).toBe(1_000);

    expect((await sweep(pastGrace())).ended).toBeGreaterThanOrEqual(1);
    expect(await usageOf(admin)).toMatchObject({ usedBytes: 0, reservedBytes: 0 });
    expect(await rowsOf(instanceId)).toEqual([]);
    expect(existsSync(received)).toBe(false);
    // The device may still send the file from nothing.
    await sendFile(form, instanceId, 'half.bin', 1_000);
  });

  it('only forgets a file already in the trash with its folder', async () => {
    const { admin, form } = await freshForm('Trashed Response');
    const instanceId = randomUUID();
    const fileId = await sendFile(form, instanceId, 'binned.bin', 100);
    const folderId = (await fileOf(fileId))!.folderId!;
    expect((await call(t.app, 'DELETE', `/api/folders/${folderId}`, undefined, admin.token)).status).toBe(
      200,
    );

    expect((await sweep(pastGrace())).forgotten).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(instanceId)).toEqual([]);
    expect(await trashOf(admin)).toEqual([folderId]);
    expect((await fileOf(fileId))?.deletedAt).toBeNull();
  });

  it('changes nothing when run again, and leaves a restored file alone', async () => {
    const { admin, form } = await freshForm('Twice Response');
    const fileId = await sendFile(form, randomUUID(), 'twice.bin', 700);
    expect((await sweep(pastGrace())).trashed).toBeGreaterThanOrEqual(1);

    const state = async () => ({
      media: await t.db.select().from(formMedia).orderBy(formMedia.id),
      files: await t.db.select({ id: files.id, deletedAt: files.deletedAt }).from(files).orderBy(files.id),
      usage: await t.db.select().from(storageUsage).orderBy(storageUsage.ngoId),
    });
    const before = await state();
    expect(await sweep(pastGrace())).toEqual(nothingSwept);
    expect(await state()).toEqual(before);

    const restored = await call(t.app, 'POST', `/api/files/${fileId}/restore`, {}, admin.token);
    expect(restored.status).toBe(200);
    expect(await sweep(pastGrace())).toEqual(nothingSwept);
    expect((await fileOf(fileId))?.deletedAt).toBeNull();
  });

  it('sweeps each file once when two processes sweep at the same time', async () => {
    const { admin, form } = await freshForm('Racing Response');
    const ids = [
      await sendFile(form, randomUUID(), 'a.bin', 10),
      await sendFile(form, randomUUID(), 'b.bin', 20),
      await sendFile(form, randomUUID(), 'c.bin', 30),
    ];
    const [one, two] = await Promise.all([sweep(pastGrace()), sweep(pastGrace())]);
    expect(one!.trashed + two!.trashed).toBe(3);
    expect(one!.failed + two!.failed).toBe(0);
    expect((await trashOf(admin)).sort()).toEqual(ids.sort());
  });
});
