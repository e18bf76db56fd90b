import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageItem } from '../../../contract/files';
import { storageUsageOf } from '../../services/storage/storage-quota';
import { download, fileRowsOf, storedObjects } from '../../testing/files';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { ngos, users } from '../schema';
import { DEMO_NGO, seedDemoData } from './index';
import { DEMO_FOLDER_NAME, samplePdf, sampleFiles } from './sample-files';

let t: TestApp;
let ngoId: string;
let viewerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  // Two processes starting together: the folder name's uniqueness lets one of them seed.
  await Promise.all([seedDemoData(t.db, { storage: t.storage }), seedDemoData(t.db, { storage: t.storage })]);
  const [demo] = await t.db.select().from(ngos).where(eq(ngos.name, DEMO_NGO.name));
  ngoId = demo!.id;
  const [viewer] = await t.db.select().from(users).where(eq(users.email, 'viewer@demo.ngo'));
  viewerToken = await t.jwt.sign({ sub: viewer!.id, ngo: ngoId, role: 'VIEWER', sv: 1 });
});
afterAll(() => t.close());

describe('the demo files', () => {
  it('puts a few sample files in a “Demo files” folder, sniffed and counted like uploads', async () => {
    const root = await call(t.app, 'GET', '/api/files', undefined, viewerToken);
    const [folder] = root.body as unknown as StorageItem[];
    expect(folder).toMatchObject({ kind: 'folder', name: DEMO_FOLDER_NAME });
    const inside = await call(t.app, 'GET', `/api/files?folderId=${folder!.id}`, undefined, viewerToken);
    const types = Object.fromEntries(
      (inside.body as unknown as StorageItem[]).map((f) => [f.name, f.contentType]),
    );
    expect(types).toEqual({
      'Borehole site.png': 'image/png',
      'Field visit report.pdf': 'application/pdf',
      'Read me.txt': 'text/plain',
      'Volunteer hours by district.csv': 'text/csv',
    });
    const total = sampleFiles().reduce((sum, f) => sum + f.bytes.length, 0);
    expect(await storageUsageOf(t.db, ngoId)).toMatchObject({ used: total, reserved: 0 });
    expect(storedObjects(t, ngoId)).toHaveLength(4);
    const png = (inside.body as unknown as StorageItem[]).find((f) => f.contentType === 'image/png')!;
    const bytes = (await download(t, viewerToken, png.id)).bytes;
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it('writes a PDF whose cross-reference table points at its objects', () => {
    const pdf = samplePdf().toString('latin1');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
    const startxref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
  });

  it('adds nothing while the NGO has any file or folder, the trash included; an emptied demo gets them back', async () => {
    await seedDemoData(t.db, { storage: t.storage });
    expect(await fileRowsOf(t, ngoId)).toHaveLength(4);
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'ngoadmin@demo.ngo'));
    const token = await t.jwt.sign({ sub: admin!.id, ngo: ngoId, role: 'NGO_ADMIN', sv: 1 });
    const [folder] = (await call(t.app, 'GET', '/api/files', undefined, token))
      .body as unknown as StorageItem[];
    await call(t.app, 'DELETE', `/api/folders/${folder!.id}`, undefined, token);
    await seedDemoData(t.db, { storage: t.storage });
    expect(await fileRowsOf(t, ngoId)).toHaveLength(4);
    // Emptied for good, the demo is as new: the next start brings the samples back, as with causes.
    await call(t.app, 'DELETE', '/api/files/trash', undefined, token);
    expect(await fileRowsOf(t, ngoId)).toEqual([]);
    await seedDemoData(t.db, { storage: t.storage });
    expect(await fileRowsOf(t, ngoId)).toHaveLength(4);
  });
});
