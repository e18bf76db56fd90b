import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMALL_UPLOAD_MAX_BYTES } from '../../../contract/files';
import { samplePdf, samplePng } from '../../db/seed/sample-files';
import { storageUsage } from '../../db/schema';
import { storageLimitOf, storageUsageOf } from '../../services/storage/storage-quota';
import { planById } from '../../../contract/plans';
import { download, fileRowsOf, storedObjects, uploadFile } from '../../testing/files';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';

let t: TestApp;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  staff = await createTestUser(t, { ngoId: await createTestNgo(t, 'Upload Relief'), role: 'STAFF' });
});
afterAll(() => t.close());

const bytes = (n: number, seed = 7) => Uint8Array.from({ length: n }, (_, i) => (i * seed + 3) % 256);
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A fresh NGO with a member, so each quota case starts from its own usage row. */
async function freshMember(name: string) {
  return createTestUser(t, { ngoId: await createTestNgo(t, name), role: 'VOLUNTEER' });
}

/** Sets the NGO's bytes used directly, as if earlier uploads had filled it. */
async function fillTo(ngoId: string, used: number) {
  await t.db
    .insert(storageUsage)
    .values({ ngoId, bytesUsed: used })
    .onConflictDoUpdate({
      target: storageUsage.ngoId,
      set: { bytesUsed: used },
    });
}

describe('the single-request upload', () => {
  it('stores the bytes whole, with their size, SHA-256, sniffed type and owner, and counts them', async () => {
    const member = await freshMember('Whole');
    const data = bytes(300_000);
    const res = await uploadFile(t, member.token, 'survey.bin', data);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'file',
      name: 'survey.bin',
      folderId: null,
      ownerId: member.id,
      sizeBytes: 300_000,
      contentType: 'application/octet-stream',
      sha256: sha256(data),
      deletedAt: null,
    });
    expect(res.body.id).toMatch(/^[0-9a-z]{26}$/);
    const back = await download(t, member.token, res.body.id);
    expect(back.bytes.equals(Buffer.from(data))).toBe(true);
    expect(await storageUsageOf(t.db, member.ngoId)).toMatchObject({ used: 300_000, reserved: 0 });
  });

  it('sniffs the type from the bytes, never from the name or the request’s Content-Type', async () => {
    const cases: [string, Uint8Array | string, string][] = [
      ['photo.txt', samplePng(), 'image/png'],
      ['report', samplePdf(), 'application/pdf'],
      ['image.png', 'just words, not a picture', 'text/plain'],
      ['table.csv', 'a,b\n1,2\n', 'text/csv'],
      ['page.html', '<!doctype html><script>alert(1)</script>', 'text/plain'],
      ['drawing.svg', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', 'text/plain'],
      ['latin1.txt', Uint8Array.from([0x63, 0x61, 0x66, 0xe9]), 'application/octet-stream'],
      ['nul.txt', 'a\u0000b', 'application/octet-stream'],
      ['unicode.txt', 'Muraho 👋 – café', 'text/plain'],
    ];
    for (const [name, data, type] of cases) {
      const res = await uploadFile(t, staff.token, name, data, { headers: { 'content-type': 'text/html' } });
      expect(res.status, name).toBe(201);
      expect(res.body.contentType, name).toBe(type);
    }
  });

  it('accepts an empty file, served empty whatever Range asks', async () => {
    const res = await uploadFile(t, staff.token, 'empty.txt', new Uint8Array(0));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      sizeBytes: 0,
      contentType: 'application/octet-stream',
      sha256: sha256(new Uint8Array(0)),
    });
    for (const range of [undefined, 'bytes=0-10', 'bytes=-5']) {
      const back = await download(t, staff.token, res.body.id, range ? { range } : {});
      expect(back.status).toBe(200);
      expect(back.bytes.length).toBe(0);
    }
  });

  it('puts a file in a folder, and refuses a folder that is missing, trashed or another NGO’s (404)', async () => {
    const folder = await call(t.app, 'POST', '/api/folders', { name: 'Evidence' }, staff.token);
    const res = await uploadFile(t, staff.token, 'a.txt', 'x', { folderId: folder.body.id as string });
    expect(res.body).toMatchObject({ folderId: folder.body.id });
    expect(
      (await uploadFile(t, staff.token, 'b.txt', 'x', { folderId: '01hzzzzzzzzzzzzzzzzzzzzzzz' })).status,
    ).toBe(404);
    await call(t.app, 'DELETE', `/api/folders/${folder.body.id as string}`, undefined, staff.token);
    expect(
      (await uploadFile(t, staff.token, 'c.txt', 'x', { folderId: folder.body.id as string })).status,
    ).toBe(404);
  });

  it('refuses a name already used in the folder by a file or a folder (409), free again once trashed', async () => {
    const member = await freshMember('Clash');
    expect((await uploadFile(t, member.token, 'plan.txt', 'one')).status).toBe(201);
    const again = await uploadFile(t, member.token, 'plan.txt', 'two');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'name_taken', fields: { name: expect.any(String) } });
    expect((await call(t.app, 'POST', '/api/folders', { name: 'plan.txt' }, member.token)).status).toBe(409);
    await call(t.app, 'POST', '/api/folders', { name: 'Photos' }, member.token);
    expect((await uploadFile(t, member.token, 'Photos', 'x')).status).toBe(409);
    // Names differ by case and by Unicode form only as typed: NFC makes 'é' one name.
    expect((await uploadFile(t, member.token, 'Plan.txt', 'x')).status).toBe(201);
    expect((await uploadFile(t, member.token, 'cafe\u0301.txt', 'x')).status).toBe(201);
    expect((await uploadFile(t, member.token, 'caf\u00e9.txt', 'x')).status).toBe(409);
    const rows = await fileRowsOf(t, member.ngoId);
    expect(rows.map((r) => r.name).sort()).toEqual(['Plan.txt', 'café.txt', 'plan.txt']);
    expect(storedObjects(t, member.ngoId)).toHaveLength(3);
    expect(await storageUsageOf(t.db, member.ngoId)).toMatchObject({ used: 5, reserved: 0 });
  });

  it('refuses bad names with a 400 naming the field, and writes nothing', async () => {
    const member = await freshMember('Names');
    const bad = [
      '../x',
      '..',
      '.',
      'a/b',
      'a\\b',
      'tab\there',
      'line\nbreak',
      'bell\u0007',
      'x'.repeat(1000),
      '',
      '   ',
      'invoice\u202Efdp.exe',
      'nul\u0000',
    ];
    for (const name of bad) {
      const res = await uploadFile(t, member.token, name, 'x');
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.fields?.name, JSON.stringify(name)).toEqual(expect.any(String));
      const folder = await call(t.app, 'POST', '/api/folders', { name }, member.token);
      expect(folder.status, JSON.stringify(name)).toBe(400);
      expect(folder.body.fields).toHaveProperty('name');
    }
    expect((await uploadFile(t, member.token, 'x'.repeat(1000), 'x')).body.fields?.name).toBe(
      'Name is too long (255 characters at most).',
    );
    expect(await fileRowsOf(t, member.ngoId)).toEqual([]);
    expect(storedObjects(t, member.ngoId)).toEqual([]);
    // 255 characters (emoji count once) and surrounding spaces trimmed are fine.
    const long = await uploadFile(t, member.token, `${'é'.repeat(254)}💧`, 'x');
    expect(long.status).toBe(201);
    expect((await uploadFile(t, member.token, '  spaced.txt  ', 'x')).body.name).toBe('spaced.txt');
  });

  it('refuses a declared length that lies, keeping no row, no object and no hold', async () => {
    const member = await freshMember('Liar');
    const data = bytes(5_000);
    for (const declared of [4_000, 6_000, 0]) {
      const res = await uploadFile(t, member.token, 'lying.bin', data, { declared });
      expect(res.status, String(declared)).toBe(400);
      expect(res.body.code).toBe('upload_size_mismatch');
    }
    const missing = await uploadFile(t, member.token, 'unsized.bin', data, { declared: null });
    expect(missing.status).toBe(411);
    expect(missing.body.code).toBe('length_required');
    expect(await fileRowsOf(t, member.ngoId)).toEqual([]);
    expect(storedObjects(t, member.ngoId)).toEqual([]);
    expect(await storageUsageOf(t.db, member.ngoId)).toMatchObject({ used: 0, reserved: 0 });
    // The same name is free: nothing of the failed attempts remains.
    expect((await uploadFile(t, member.token, 'lying.bin', data)).status).toBe(201);
  });

  it('refuses more than 10 MB with a 413 before reading it', async () => {
    const member = await freshMember('Big');
    const res = await uploadFile(t, member.token, 'big.bin', new Uint8Array(16), {
      declared: SMALL_UPLOAD_MAX_BYTES + 1,
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/10 MB/);
    const exactly = await uploadFile(t, member.token, 'limit.bin', new Uint8Array(SMALL_UPLOAD_MAX_BYTES));
    expect(exactly.status).toBe(201);
    // The JSON routes keep their 1 MB limit.
    const json = await t.app.request('/api/folders', {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(json.status).toBe(413);
  });
});

describe('the storage quota on uploads', () => {
  const limit = storageLimitOf(planById('starter')!);

  it('admits a file that fills the plan exactly, and refuses one byte more with 413 and nothing written', async () => {
    const member = await freshMember('Exact quota');
    await fillTo(member.ngoId, limit - 1_000);
    const under = await uploadFile(t, member.token, 'under.bin', bytes(999));
    expect(under.status).toBe(201);
    const over = await uploadFile(t, member.token, 'over.bin', bytes(2));
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ code: 'storage_quota_exceeded' });
    expect(over.body.message).toContain('left of its 2 GB on the NGO Starter plan');
    const exact = await uploadFile(t, member.token, 'exact.bin', bytes(1));
    expect(exact.status).toBe(201);
    expect(await storageUsageOf(t.db, member.ngoId)).toMatchObject({ used: limit, reserved: 0 });
    const past = await uploadFile(t, member.token, 'past.bin', bytes(1));
    expect(past.status).toBe(413);
    // An empty file still fits a full plan.
    expect((await uploadFile(t, member.token, 'empty.bin', new Uint8Array(0))).status).toBe(201);
    const rows = await fileRowsOf(t, member.ngoId);
    expect(rows.map((r) => r.name).sort()).toEqual(['empty.bin', 'exact.bin', 'under.bin']);
    expect(storedObjects(t, member.ngoId)).toHaveLength(3);
    expect(await storageUsageOf(t.db, member.ngoId)).toMatchObject({ used: limit, reserved: 0 });
    const usage = await call(t.app, 'GET', '/api/files/usage', undefined, member.token);
    expect(usage.body).toEqual({
      usedBytes: limit,
      reservedBytes: 0,
      limitBytes: limit,
      planId: 'starter',
      planName: 'NGO Starter',
    });
  });
});

describe('the storage quota under concurrent uploads', () => {
  it('admits only one of two uploads that together pass the limit', async () => {
    const member = await freshMember('Race quota');
    await fillTo(member.ngoId, storageLimitOf(planById('starter')!) - 1_500);
    const outcomes = await Promise.all([
      uploadFile(t, member.token, 'one.bin', bytes(1_000)),
      uploadFile(t, member.token, 'two.bin', bytes(1_000)),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([201, 413]);
    expect(await fileRowsOf(t, member.ngoId)).toHaveLength(1);
    expect(storedObjects(t, member.ngoId)).toHaveLength(1);
    expect((await storageUsageOf(t.db, member.ngoId)).reserved).toBe(0);
  });
});

describe('uploads over a real connection', () => {
  it('stores a file sent by fetch, and keeps nothing of one whose connection drops halfway', async () => {
    const member = await freshMember('Socket');
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      const data = bytes(200_000);
      const sent = await fetch(`http://127.0.0.1:${port}/api/files?name=whole.bin`, {
        method: 'POST',
        headers: { authorization: `Bearer ${member.token}` },
        body: data,
      });
      expect(sent.status).toBe(201);
      expect(((await sent.json()) as { sha256: string }).sha256).toBe(sha256(data));

      // 100 kB of a declared 1 MB, then the phone loses its signal.
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `POST /api/files?name=cut.bin HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${member.token}\r\n` +
              'Content-Length: 1000000\r\n\r\n',
          );
          socket.write(Buffer.from(bytes(100_000)), () => setTimeout(() => socket.destroy(), 200));
        });
        socket.on('close', () => resolve());
        socket.on('error', reject);
      });
      // The server notices the drop on its own time; wait for the hold to come back.
      for (let i = 0; i < 50 && (await storageUsageOf(t.db, member.ngoId)).reserved > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await storageUsageOf(t.db, member.ngoId)).toMatchObject({ used: 200_000, reserved: 0 });
      expect((await fileRowsOf(t, member.ngoId)).map((f) => f.name)).toEqual(['whole.bin']);
      expect(storedObjects(t, member.ngoId)).toHaveLength(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('downloads', () => {
  let fileId: string;
  const data = bytes(1_000, 13);
  beforeAll(async () => {
    fileId = (await uploadFile(t, staff.token, 'Rapport d’activité – été 2026 "final".bin', data)).body.id;
  });

  it('answers the whole file with its ETag, an attachment disposition and the inert headers', async () => {
    const res = await download(t, staff.token, fileId);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(Buffer.from(data))).toBe(true);
    expect(res.headers.get('etag')).toBe(`"${sha256(data)}"`);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="Rapport d_activit_ _ _t_ 2026 _final_.bin"; ' +
        "filename*=UTF-8''Rapport%20d%E2%80%99activit%C3%A9%20%E2%80%93%20%C3%A9t%C3%A9%202026%20%22final%22.bin",
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store, no-transform');
  });

  it('answers ranges with 206 and the right bytes: a span, an open end and a suffix', async () => {
    const cases: [string, number, number][] = [
      ['bytes=100-199', 100, 199],
      ['bytes=990-', 990, 999],
      ['bytes=-10', 990, 999],
      ['bytes=0-0', 0, 0],
      ['bytes=500-5000', 500, 999],
      ['bytes=-5000', 0, 999],
    ];
    for (const [range, start, end] of cases) {
      const res = await download(t, staff.token, fileId, { range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/1000`);
      expect(res.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(res.bytes.equals(Buffer.from(data.subarray(start, end + 1))), range).toBe(true);
    }
  });

  it('answers 416 for a range past the end, and the whole file for a malformed or multiple range', async () => {
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      const res = await download(t, staff.token, fileId, { range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe('bytes */1000');
      expect(JSON.parse(res.bytes.toString())).toMatchObject({ code: 'range_not_satisfiable' });
    }
    for (const range of ['bytes=5-2', 'bytes=0-1,5-6', 'items=0-5', 'bytes=x-y', 'bytes=-']) {
      const res = await download(t, staff.token, fileId, { range });
      expect(res.status, range).toBe(200);
      expect(res.bytes.length).toBe(1000);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.request(`/api/files/${fileId}/content`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('etag')).toBe(`"${sha256(data)}"`);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 304 to a current ETag, and the whole file when If-Range names another version', async () => {
    const etag = `"${sha256(data)}"`;
    const cached = await download(t, staff.token, fileId, { 'if-none-match': etag });
    expect(cached.status).toBe(304);
    expect(cached.bytes.length).toBe(0);
    expect((await download(t, staff.token, fileId, { 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await download(t, staff.token, fileId, { 'if-none-match': '"other"' })).status).toBe(200);
    const resumed = await download(t, staff.token, fileId, { range: 'bytes=10-19', 'if-range': etag });
    expect(resumed.status).toBe(206);
    const changed = await download(t, staff.token, fileId, { range: 'bytes=10-19', 'if-range': '"old"' });
    expect(changed.status).toBe(200);
  });

  it('serves uploaded HTML and SVG inert: attachment, text/plain, nosniff and a sandbox CSP', async () => {
    const html = await uploadFile(
      t,
      staff.token,
      'steal.html',
      '<html><script>fetch("/api/auth/me")</script></html>',
    );
    const svg = await uploadFile(
      t,
      staff.token,
      'logo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>',
    );
    for (const file of [html.body, svg.body]) {
      const res = await download(t, staff.token, file.id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    }
    // The rest of the API keeps its own policy.
    const meta = await call(t.app, 'GET', `/api/files/${html.body.id}`, undefined, staff.token);
    expect(meta.headers.get('content-security-policy')).not.toContain('sandbox');
  });
});
