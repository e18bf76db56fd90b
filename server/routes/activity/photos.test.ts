import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityErrorCodes, type ActivityReport } from '../../../contract/activity-reports';
import { planById } from '../../../contract/plans';
import { activityReportPhotos, folders, storageUsage } from '../../db/schema';
import { storageLimitOf } from '../../services/storage/storage-quota';
import { download, fileRowsOf } from '../../testing/files';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';
import { PHOTO_FOLDER_NAME } from './report-photos.service';
import { PNG, reportBody, reportId, sendPhoto } from './activity-testing';

let t: TestApp;
let volunteer: TestUser;
let other: TestUser;
let staff: TestUser;

/** A JPEG's first bytes are enough for the sniffer. */
const JPEG = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
]);

async function submit(user: TestUser, photos: string[]): Promise<ActivityReport> {
  const res = await call(t.app, 'POST', '/api/activity-reports', reportBody({ photos }), user.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as unknown as ActivityReport;
}

beforeAll(async () => {
  t = await createTestApp();
  const ngo = await createTestNgo(t, 'Photo Relief');
  volunteer = await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER', name: 'Pia Photo' });
  other = await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER' });
  staff = await createTestUser(t, { ngoId: ngo, role: 'STAFF' });
});
afterAll(() => t.close());

describe('PUT /api/activity-reports/{reportId}/photos/{name}', () => {
  it("stores each photo in the NGO's 'Activity reports' folder and lists it with its file", async () => {
    const report = await submit(volunteer, ['one.png', 'two.jpg']);
    const first = await sendPhoto(t, volunteer.token, report.id, 'one.png', PNG);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      photos: [
        { name: 'one.png', fileId: expect.any(String), sizeBytes: PNG.length },
        { name: 'two.jpg', fileId: null, sizeBytes: null },
      ],
    });
    const second = await sendPhoto(t, volunteer.token, report.id, 'two.jpg', JPEG);
    expect(second.status).toBe(201);
    const [folder] = await t.db
      .select()
      .from(folders)
      .where(
        and(
          eq(folders.ngoId, volunteer.ngoId),
          isNull(folders.parentId),
          eq(folders.name, PHOTO_FOLDER_NAME),
        ),
      );
    expect(folder).toBeDefined();
    const files = await fileRowsOf(t, volunteer.ngoId);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.folderId === folder!.id && f.ownerId === volunteer.id)).toBe(true);
    expect(files.map((f) => f.contentType).sort()).toEqual(['image/jpeg', 'image/png']);
    // Staff see it through the file layer, bytes intact.
    const fileId = (first.body as unknown as ActivityReport).photos[0]!.fileId!;
    const got = await download(t, staff.token, fileId);
    expect(got.status).toBe(200);
    expect(new Uint8Array(got.bytes)).toEqual(PNG);
    const read = await call(t.app, 'GET', `/api/activity-reports/${report.id}`, undefined, staff.token);
    expect((read.body as unknown as ActivityReport).photos.every((p) => p.fileId)).toBe(true);
  });

  it('answers a photo sent again with 200 and stores it once', async () => {
    const report = await submit(volunteer, ['again.png']);
    expect((await sendPhoto(t, volunteer.token, report.id, 'again.png', PNG)).status).toBe(201);
    const before = (await fileRowsOf(t, volunteer.ngoId)).length;
    const again = await sendPhoto(t, volunteer.token, report.id, 'again.png', PNG);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ photos: [{ name: 'again.png', fileId: expect.any(String) }] });
    expect(await fileRowsOf(t, volunteer.ngoId)).toHaveLength(before);
    const rows = await t.db
      .select()
      .from(activityReportPhotos)
      .where(eq(activityReportPhotos.reportId, report.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a name the report does not list, and bytes that are not a picture (nothing stored)', async () => {
    const report = await submit(volunteer, ['listed.png']);
    const before = (await fileRowsOf(t, volunteer.ngoId)).length;
    const unknown = await sendPhoto(t, volunteer.token, report.id, 'other.png', PNG);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: activityErrorCodes.unknownPhoto });
    const text = await sendPhoto(
      t,
      volunteer.token,
      report.id,
      'listed.png',
      new TextEncoder().encode('not a photo'),
    );
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ code: 'activity_photo_type' });
    const badName = await sendPhoto(t, volunteer.token, report.id, 'listed.exe', PNG);
    expect(badName.status).toBe(400);
    expect(await fileRowsOf(t, volunteer.ngoId)).toHaveLength(before);
  });

  it("answers 404 for a report not sent yet, or another volunteer's", async () => {
    expect((await sendPhoto(t, volunteer.token, reportId(), 'early.png', PNG)).status).toBe(404);
    const report = await submit(volunteer, ['mine.png']);
    expect((await sendPhoto(t, other.token, report.id, 'mine.png', PNG)).status).toBe(404);
  });

  it("respects the NGO's storage quota (413, nothing kept)", async () => {
    const report = await submit(volunteer, ['full.png']);
    const limit = storageLimitOf(planById('starter')!);
    await t.db
      .insert(storageUsage)
      .values({ ngoId: volunteer.ngoId, bytesUsed: limit })
      .onConflictDoUpdate({ target: storageUsage.ngoId, set: { bytesUsed: limit } });
    const before = (await fileRowsOf(t, volunteer.ngoId)).length;
    const res = await sendPhoto(t, volunteer.token, report.id, 'full.png', PNG);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'storage_quota_exceeded' });
    expect(await fileRowsOf(t, volunteer.ngoId)).toHaveLength(before);
    const read = await call(t.app, 'GET', `/api/activity-reports/${report.id}`, undefined, volunteer.token);
    expect(read.body).toMatchObject({ photos: [{ name: 'full.png', fileId: null }] });
  });
});
