import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../../db/seed/sample-files';
import { storedObjects, uploadFile } from '../../testing/files';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';

let t: TestApp;
let staff: TestUser;
let viewer: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const ngoId = await createTestNgo(t, 'Thumbnail Relief');
  staff = await createTestUser(t, { ngoId, role: 'STAFF' });
  viewer = await createTestUser(t, { ngoId, role: 'VIEWER' });
  outsider = await createTestUser(t, { ngoId: await createTestNgo(t, 'Elsewhere'), role: 'NGO_ADMIN' });
});
afterAll(() => t.close());

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer();

const thumbnail = (token: string, fileId: string, headers: Record<string, string> = {}) =>
  t.app.request(`/api/files/${fileId}/thumbnail`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });

describe('GET /api/files/{id}/thumbnail', () => {
  it('answers a WebP of at most 320 px for a photo, kept for the next ask, revalidated by its ETag', async () => {
    const original = await photo(2000, 1000);
    const { body: file } = await uploadFile(t, staff.token, 'borehole.jpg', original);
    const res = await thumbnail(viewer.token, file.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 320, height: 160 });
    expect(bytes.length).toBeLessThan(original.length / 10);
    expect(storedObjects(t, staff.ngoId).some((name) => name.endsWith('_thumb320'))).toBe(true);

    const again = await thumbnail(staff.token, file.id);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = res.headers.get('etag')!;
    expect((await thumbnail(staff.token, file.id, { 'if-none-match': etag })).status).toBe(304);
  });

  it('never enlarges a small picture', async () => {
    const { body: file } = await uploadFile(t, staff.token, 'icon.jpg', await photo(100, 40));
    const bytes = Buffer.from(await (await thumbnail(staff.token, file.id)).arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 100, height: 40 });
  });

  it("answers a PDF's first page, drawn and scaled to 320 px, with the page's proportions", async () => {
    const { body: file } = await uploadFile(t, staff.token, 'report.pdf', samplePdf());
    expect(file.contentType).toBe('application/pdf');
    const res = await thumbnail(viewer.token, file.id);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    // US Letter, 612 × 792 points: 247 × 320.
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 247, height: 320 });
    // The page is drawn: a white page with dark text, not a blank or black square.
    const { channels } = await sharp(bytes).stats();
    expect(channels[0]!.max).toBe(255);
    expect(channels[0]!.min).toBeLessThan(100);
    // A file that only says it is a PDF has none.
    const fake = await uploadFile(t, staff.token, 'broken.pdf', Buffer.concat([samplePdf().subarray(0, 40)]));
    if (fake.body.contentType === 'application/pdf') {
      const none = await thumbnail(staff.token, fake.body.id);
      expect(none.status).toBe(404);
    }
  });

  it('has none for a text file, an SVG or bytes that only claim to be a picture', async () => {
    const text = await uploadFile(t, staff.token, 'notes.txt', 'field notes');
    const svg = await uploadFile(t, staff.token, 'logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const file of [text.body, svg.body]) {
      const res = await thumbnail(staff.token, file.id);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'no_thumbnail' });
    }
  });

  it("is another NGO's 404 and needs a token", async () => {
    const { body: file } = await uploadFile(t, staff.token, 'site.jpg', await photo(400, 300));
    expect((await thumbnail(outsider.token, file.id)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/files/${file.id}/thumbnail`)).status).toBe(401);
  });

  it('goes with its picture when the picture is purged', async () => {
    const { body: file } = await uploadFile(t, staff.token, 'purged.jpg', await photo(800, 600));
    expect((await thumbnail(staff.token, file.id)).status).toBe(200);
    const before = storedObjects(t, staff.ngoId).filter((name) => name.endsWith('_thumb320')).length;
    expect((await call(t.app, 'DELETE', `/api/files/${file.id}`, undefined, staff.token)).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/files/trash/${file.id}`, undefined, staff.token)).status).toBe(
      204,
    );
    expect(storedObjects(t, staff.ngoId).filter((name) => name.endsWith('_thumb320'))).toHaveLength(
      before - 1,
    );
  });
});
