import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionMediaPath } from '../../../contract/forms/media';
import { files, formMedia } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { tusClient } from '../../testing/tus';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';
import { photoSurvey } from './forms.testing';

let t: TestApp;
let members: Record<string, TestUser>;
let outsider: TestUser;
let formId: string;
/** The volunteer's response (mine.png arrived) and a visitor's (theirs.jpg arrived, late.jpg awaited). */
let mine: string;
let theirs: string;
let photo: Buffer;

const media = (submissionId: string, name: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.request(`/api${submissionMediaPath(formId, submissionId, name)}`, {
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...headers },
  });

beforeAll(async () => {
  t = await createTestApp();
  const tus = tusClient(t);
  members = await createUserPerRole(t, await createTestNgo(t, 'Media Relief'));
  outsider = await createTestUser(t, { ngoId: await createTestNgo(t, 'Other'), role: 'NGO_ADMIN' });
  const admin = members.NGO_ADMIN!.token;
  formId = (await call(t.app, 'POST', '/api/forms', { definition: photoSurvey }, admin)).body.id as string;
  await call(t.app, 'POST', `/api/forms/${formId}/publish`, {}, admin);
  photo = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#27a' } })
    .png()
    .toBuffer();

  const respond = async (answers: Record<string, unknown>, files: string[], token?: string) => {
    const instanceId = randomUUID();
    const sent = await call(
      t.app,
      'POST',
      `/api/forms/${formId}/submissions`,
      { instanceId, version: 1, answers },
      token,
    );
    expect(sent.status).toBe(201);
    for (const filename of files) {
      const res = await tus.create(
        undefined,
        photo.length,
        { filename, formId, instanceId },
        { 'content-type': 'application/offset+octet-stream' },
        new Uint8Array(photo),
      );
      expect(res.status).toBe(201);
    }
    return sent.body.id as string;
  };
  mine = await respond({ site: 'Mine', photo: 'mine.png' }, ['mine.png'], members.VOLUNTEER!.token);
  theirs = await respond({ site: 'Theirs', photo: 'theirs.jpg', signature: 'late.jpg' }, ['theirs.jpg']);
});
afterAll(() => t.close());

describe('GET /api/forms/{formId}/submissions/{submissionId}/media/{name}', () => {
  it('answers a response’s file to its readers, as every stored file is answered', async () => {
    const res = await media(theirs, 'theirs.jpg', members.STAFF!.token);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(photo)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="theirs.jpg"; filename*=UTF-8''theirs.jpg`,
    );
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    const etag = res.headers.get('etag')!;
    expect((await media(theirs, 'theirs.jpg', members.VIEWER!.token, { 'if-none-match': etag })).status).toBe(
      304,
    );
    const part = await media(theirs, 'theirs.jpg', members.ANALYST!.token, { range: 'bytes=0-9' });
    expect([part.status, (await part.arrayBuffer()).byteLength]).toEqual([206, 10]);
  });

  it('lets a volunteer read their own responses’ files only, and no other organisation', async () => {
    const volunteer = members.VOLUNTEER!.token;
    expect((await media(mine, 'mine.png', volunteer)).status).toBe(200);
    expect((await media(theirs, 'theirs.jpg', volunteer)).status).toBe(404);
    expect((await media(theirs, 'theirs.jpg', outsider.token)).status).toBe(404);
    expect((await media(theirs, 'theirs.jpg')).status).toBe(401);
  });

  it('says a file has not arrived, and knows no name the response does not hold', async () => {
    const late = await media(theirs, 'late.jpg', members.STAFF!.token);
    expect([late.status, ((await late.json()) as { code: string }).code]).toEqual([
      404,
      'media_not_received',
    ]);
    expect((await media(theirs, 'mine.png', members.STAFF!.token)).status).toBe(404);
    const detail = await call(
      t.app,
      'GET',
      `/api/forms/${formId}/submissions/${theirs}`,
      undefined,
      members.STAFF!.token,
    );
    expect(detail.body.media).toEqual([
      {
        name: 'theirs.jpg',
        received: true,
        contentType: 'image/png',
        sizeBytes: photo.length,
        hasThumbnail: true,
      },
      { name: 'late.jpg', received: false, contentType: null, sizeBytes: null, hasThumbnail: false },
    ]);
  });

  it('answers a picture’s thumbnail with thumbnail=1', async () => {
    const res = await t.app.request(`/api${submissionMediaPath(formId, mine, 'mine.png')}?thumbnail=1`, {
      headers: { authorization: `Bearer ${members.STAFF!.token}` },
    });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 160]);
  });

  it('is the address the exports link to', async () => {
    const csv = await t.app.request(`/api/forms/${formId}/exports/csv`, {
      headers: { authorization: `Bearer ${members.STAFF!.token}` },
    });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(`/api${submissionMediaPath(formId, theirs, 'theirs.jpg')}`);
  });

  it('shows a file put in Cloud Storage’s trash, or in a trashed folder, as such, and serves it once restored', async () => {
    const admin = members.NGO_ADMIN!.token;
    const staff = members.STAFF!.token;
    const [row] = await t.db
      .select({ fileId: formMedia.fileId, folderId: files.folderId })
      .from(formMedia)
      .innerJoin(files, eq(files.id, formMedia.fileId))
      .where(and(eq(formMedia.formId, formId), eq(formMedia.name, 'theirs.jpg')));
    const mediaOfTheirs = async () =>
      (await call(t.app, 'GET', `/api/forms/${formId}/submissions/${theirs}`, undefined, staff)).body
        .media as { name: string; trashed?: boolean; hasThumbnail: boolean }[];
    const refusedCode = async () => {
      const res = await media(theirs, 'theirs.jpg', staff);
      return [res.status, ((await res.json()) as { code: string }).code];
    };

    expect((await call(t.app, 'DELETE', `/api/files/${row!.fileId}`, undefined, admin)).status).toBe(200);
    expect(await refusedCode()).toEqual([404, 'media_trashed']);
    expect((await mediaOfTheirs())[0]).toMatchObject({
      name: 'theirs.jpg',
      trashed: true,
      hasThumbnail: false,
    });
    expect((await call(t.app, 'POST', `/api/files/${row!.fileId}/restore`, {}, admin)).status).toBe(200);
    expect((await media(theirs, 'theirs.jpg', staff)).status).toBe(200);

    expect((await call(t.app, 'DELETE', `/api/folders/${row!.folderId}`, undefined, admin)).status).toBe(200);
    expect(await refusedCode()).toEqual([404, 'media_trashed']);
    expect((await call(t.app, 'POST', `/api/folders/${row!.folderId}/restore`, {}, admin)).status).toBe(200);
    expect((await mediaOfTheirs())[0]).not.toHaveProperty('trashed');
    expect((await media(theirs, 'theirs.jpg', staff)).status).toBe(200);
  });
});
