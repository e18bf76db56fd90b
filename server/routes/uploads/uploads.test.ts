import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../../contract/permissions';
import { roles } from '../../../contract/roles';
import { storageUsage, uploads } from '../../db/schema';
import { BATCH_BYTES, endHashingThread } from '../../services/storage/sha256-along';
import { storageUsageOf } from '../../services/storage/storage-quota';
import { uploadLockerFor } from '../../services/storage/upload-locker';
import { fileUploadBackend } from '../../services/storage/upload-store';
import { download, fileRowsOf, storedObjects, uploadFile } from '../../testing/files';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { offsetOf, tusClient } from '../../testing/tus';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';
import { purgeExpiredUploads } from './uploads.service';

let t: TestApp;
let tus: ReturnType<typeof tusClient>;

beforeAll(async () => {
  t = await createTestApp();
  tus = tusClient(t);
});
afterAll(() => t.close());

const bytes = (n: number, seed = 7) => Uint8Array.from({ length: n }, (_, i) => (i * seed + 3) % 256);
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const json = async (res: Response) =>
  (await res.json()) as { message: string; code: string; fields?: Record<string, string> };

async function member(name: string, role = 'VOLUNTEER'): Promise<TestUser> {
  return createTestUser(t, { ngoId: await createTestNgo(t, name), role });
}

/** Starts an upload and answers its Location. */
async function started(user: TestUser, length: number, filename = 'data.bin', folderId?: string) {
  const res = await tus.create(user.token, length, { filename, ...(folderId && { folderId }) });
  expect(res.status, await res.clone().text()).toBe(201);
  const location = res.headers.get('location')!;
  expect(location).toMatch(/^\/api\/uploads\/[0-9a-z]{26}$/);
  return location;
}

/** Bytes the tus store still holds (uploads in flight): the file and its .json per upload. */
const inFlight = () => {
  try {
    return readdirSync(join(t.env.DATA_DIR, 'uploads'));
  } catch {
    return [];
  }
};

/** A body that sends `data`, then fails a moment later like a connection cut mid-chunk. */
function cutAfter(data: Uint8Array): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(data);
      } else {
        await new Promise((resolve) => setTimeout(resolve, 100));
        controller.error(new Error('connection reset'));
      }
    },
  });
}

describe('a resumable upload', () => {
  it('takes chunks, reports the offset, and becomes a file with its checksum, type and usage', async () => {
    const user = await member('Chunks');
    const data = bytes(250_000);
    const location = await started(user, data.length, 'survey.bin');
    expect((await storageUsageOf(t.db, user.ngoId)).reserved).toBe(250_000);

    let offset = 0;
    for (const size of [100_000, 100_000]) {
      const res = await tus.patch(user.token, location, offset, data.subarray(offset, offset + size));
      expect(res.status).toBe(204);
      offset += size;
      expect(offsetOf(res)).toBe(offset);
      expect(res.headers.get('upload-expires')).toBeTruthy();
      const head = await tus.head(user.token, location);
      expect(head.status).toBe(200);
      expect([offsetOf(head), head.headers.get('upload-length')]).toEqual([offset, '250000']);
    }
    const last = await tus.patch(user.token, location, offset, data.subarray(offset));
    expect(last.status).toBe(204);
    expect(offsetOf(last)).toBe(250_000);
    const fileId = last.headers.get('upload-file-id')!;
    expect(fileId).toMatch(/^[0-9a-z]{26}$/);

    const file = await call(t.app, 'GET', `/api/files/${fileId}`, undefined, user.token);
    expect(file.body).toMatchObject({
      name: 'survey.bin',
      sizeBytes: 250_000,
      sha256: sha256(data),
      ownerId: user.id,
    });
    expect((await download(t, user.token, fileId)).bytes.equals(Buffer.from(data))).toBe(true);
    expect(await storageUsageOf(t.db, user.ngoId)).toMatchObject({ used: 250_000, reserved: 0 });
    expect(inFlight()).toEqual([]);

    // A late HEAD or a retried last PATCH (its answer was lost) learns the file, and nothing changes.
    const late = await tus.head(user.token, location);
    expect([late.status, offsetOf(late), late.headers.get('upload-file-id')]).toEqual([200, 250_000, fileId]);
    const again = await tus.patch(user.token, location, 250_000, new Uint8Array(0));
    expect([again.status, again.headers.get('upload-file-id')]).toEqual([204, fileId]);
    expect(await fileRowsOf(t, user.ngoId)).toHaveLength(1);
    const cancel = await tus.remove(user.token, location);
    expect([cancel.status, (await json(cancel)).code]).toEqual([409, 'upload_complete']);
  });

  it('gets the right checksum when the hashing thread stops mid-upload (the stored bytes are hashed instead)', async () => {
    const user = await member('Hashing thread');
    const data = bytes(3 * BATCH_BYTES + 999, 13);
    const location = await started(user, data.length, 'survey-photos.bin');
    const half = 2 * BATCH_BYTES;
    expect((await tus.patch(user.token, location, 0, data.subarray(0, half))).status).toBe(204);
    await endHashingThread();
    const last = await tus.patch(user.token, location, half, data.subarray(half));
    expect(last.status).toBe(204);
    const fileId = last.headers.get('upload-file-id')!;
    const file = await call(t.app, 'GET', `/api/files/${fileId}`, undefined, user.token);
    expect(file.body).toMatchObject({ sizeBytes: data.length, sha256: sha256(data) });
    expect((await download(t, user.token, fileId)).bytes.equals(Buffer.from(data))).toBe(true);
  });

  it('keeps what arrived of chunks cut at several offsets, resumes from HEAD, and completes whole', async () => {
    const user = await member('Cut');
    const data = bytes(300_000, 11);
    const location = await started(user, data.length, 'photo.bin');
    let offset = 0;
    for (const arrived of [1, 64_000, 100_000]) {
      const cut = cutAfter(data.subarray(offset, offset + arrived));
      const res = await tus.patch(user.token, location, offset, cut, {}, data.length - offset);
      expect([res.status, (await json(res)).code]).toEqual([400, 'upload_interrupted']);
      const head = await tus.head(user.token, location);
      expect(offsetOf(head)).toBe(offset + arrived);
      offset = offsetOf(head);
    }
    const rest = await tus.patch(user.token, location, offset, data.subarray(offset));
    expect(rest.status).toBe(204);
    const fileId = rest.headers.get('upload-file-id')!;
    const back = await download(t, user.token, fileId);
    expect(sha256(back.bytes)).toBe(sha256(data));
    expect(await storageUsageOf(t.db, user.ngoId)).toMatchObject({ used: 300_000, reserved: 0 });
  });

  it('keeps what arrived when the phone’s connection drops mid-chunk, over a real socket', async () => {
    const user = await member('Socket');
    const data = bytes(400_000, 5);
    const location = await started(user, data.length, 'evidence.jpg');
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      // 150 kB of a declared 400 kB chunk, then the signal is gone.
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${user.token}\r\n` +
              'Tus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\n' +
              `Content-Length: ${data.length}\r\n\r\n`,
          );
          socket.write(Buffer.from(data.subarray(0, 150_000)), () => setTimeout(() => socket.destroy(), 300));
        });
        socket.on('close', () => resolve());
        socket.on('error', reject);
      });
      // The server notices the drop on its own time; then HEAD says what it kept.
      let offset = 0;
      for (let i = 0; i < 50 && offset < 150_000; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        offset = offsetOf(await tus.head(user.token, location));
      }
      expect(offset).toBe(150_000);
      // The rest over the socket too, as the server reads a body there (http/node-body.ts).
      const overSocket = tusClient((path, init) => fetch(`http://127.0.0.1:${port}${path}`, init));
      const rest = await overSocket.patch(user.token, location, offset, data.subarray(offset));
      expect(rest.status).toBe(204);
      const back = await download(t, user.token, rest.headers.get('upload-file-id')!);
      expect(sha256(back.bytes)).toBe(sha256(data));

      // A small file in the creation request alone (creation-with-upload), as the screen sends it.
      const small = bytes(50_000, 6);
      const created = await overSocket.create(
        user.token,
        small.length,
        { filename: 'note.bin' },
        { 'content-type': 'application/offset+octet-stream' },
        small,
      );
      expect(created.status).toBe(201);
      expect(offsetOf(created)).toBe(small.length);
      const smallBack = await download(t, user.token, created.headers.get('upload-file-id')!);
      expect(sha256(smallBack.bytes)).toBe(sha256(small));

      // A chunk refused before its body is read (wrong offset) leaves the upload as it was, and the
      // server goes on answering: the right chunk completes it.
      const big = bytes(1_500_000, 7);
      const bigLocation = await started(user, big.length, 'big.bin');
      const refused = await overSocket.patch(user.token, bigLocation, 1000, big.subarray(1000));
      expect(refused.status).toBe(409);
      expect(offsetOf(await overSocket.head(user.token, bigLocation))).toBe(0);
      const whole = await overSocket.patch(user.token, bigLocation, 0, big);
      expect(whole.status).toBe(204);
      const bigBack = await download(t, user.token, whole.headers.get('upload-file-id')!);
      expect(sha256(bigBack.bytes)).toBe(sha256(big));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('makes one file when the last chunk is sent twice at once (a phone retrying on two links)', async () => {
    const user = await member('Twice');
    const data = bytes(120_000, 3);
    const location = await started(user, data.length, 'twice.bin');
    expect((await tus.patch(user.token, location, 0, data.subarray(0, 60_000))).status).toBe(204);
    const answers = await Promise.all([
      tus.patch(user.token, location, 60_000, data.subarray(60_000)),
      tus.patch(user.token, location, 60_000, data.subarray(60_000)),
    ]);
    const ids = answers.map((r) => r.headers.get('upload-file-id')).filter(Boolean);
    expect(ids.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ids).size).toBe(1);
    for (const r of answers) expect([204, 409, 423]).toContain(r.status);
    expect(await fileRowsOf(t, user.ngoId)).toHaveLength(1);
    expect(await storageUsageOf(t.db, user.ngoId)).toMatchObject({ used: 120_000, reserved: 0 });
    const head = await tus.head(user.token, location);
    expect(head.headers.get('upload-file-id')).toBe(ids[0]);
  });

  it('answers a chunk at the wrong offset 409 without touching the upload', async () => {
    const user = await member('Offset');
    const location = await started(user, 100);
    const res = await tus.patch(user.token, location, 10, bytes(10));
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ code: 'upload_offset_conflict' });
    expect(offsetOf(await tus.head(user.token, location))).toBe(0);
  });

  it('refuses more bytes than declared and keeps nothing of them', async () => {
    const user = await member('Liar');
    const location = await started(user, 10, 'short.txt');
    const res = await tus.patch(user.token, location, 0, bytes(20));
    expect(res.status).toBe(413);
    expect(typeof (await json(res)).message).toBe('string');
    expect(offsetOf(await tus.head(user.token, location))).toBe(0);
    expect(await fileRowsOf(t, user.ngoId)).toHaveLength(0);
    expect(storedObjects(t, user.ngoId)).toEqual([]);
  });

  it('makes a zero-byte file at creation', async () => {
    const user = await member('Empty');
    const res = await tus.create(user.token, 0, { filename: 'empty.csv' });
    expect(res.status, await res.clone().text()).toBe(201);
    const fileId = res.headers.get('upload-file-id')!;
    const file = await call(t.app, 'GET', `/api/files/${fileId}`, undefined, user.token);
    expect(file.body).toMatchObject({ name: 'empty.csv', sizeBytes: 0 });
  });

  it('gives a name taken meanwhile a number rather than failing the long upload', async () => {
    const user = await member('Clash');
    const folder = await call(t.app, 'POST', '/api/folders', { name: 'Reports' }, user.token);
    const folderId = String(folder.body.id);
    const first = await started(user, 3, 'report.pdf', folderId);
    const second = await started(user, 3, 'report.pdf', folderId);
    expect((await uploadFile(t, user.token, 'report.pdf', 'abc', { folderId })).status).toBe(201);
    const names: string[] = [];
    for (const location of [first, second]) {
      const res = await tus.patch(user.token, location, 0, bytes(3));
      const fileId = res.headers.get('upload-file-id')!;
      const file = await call(t.app, 'GET', `/api/files/${fileId}`, undefined, user.token);
      expect(file.body.folderId).toBe(folderId);
      names.push(String(file.body.name));
    }
    expect(names).toEqual(['report (2).pdf', 'report (3).pdf']);
  });
});

describe('creation', () => {
  it('refuses bad names and folders with 400 naming the field', async () => {
    const user = await member('Names');
    const bad = ['../etc/passwd', 'a\u0007b', 'x'.repeat(1_000), '', 'invoice\u202Efdp.exe'];
    for (const filename of bad) {
      const res = await tus.create(user.token, 5, { filename });
      expect(res.status, filename).toBe(400);
      expect((await json(res)).fields).toHaveProperty('filename');
    }
    const none = await tus.create(user.token, 5, {});
    expect((await json(none)).fields).toHaveProperty('filename');
    const other = await member('Other NGO');
    const theirs = await call(t.app, 'POST', '/api/folders', { name: 'Theirs' }, other.token);
    for (const folderId of [String(theirs.body.id), 'nosuchfolder']) {
      const res = await tus.create(user.token, 5, { filename: 'a.txt', folderId });
      expect(res.status).toBe(400);
      expect((await json(res)).fields).toHaveProperty('folderId');
    }
    expect((await storageUsageOf(t.db, user.ngoId)).reserved).toBe(0);
  });

  it('tells what it supports without a token (OPTIONS)', async () => {
    const res = await t.app.request('/api/uploads', { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(res.headers.get('tus-max-size')).toBe(String(2 * 1024 ** 3));
    expect(res.headers.get('tus-extension')?.split(',')).toEqual(
      expect.arrayContaining(['creation', 'termination', 'expiration']),
    );
    expect(res.headers.get('tus-extension')).not.toContain('creation-defer-length');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('wants Tus-Resumable and a real Upload-Length, and answers in the one error shape', async () => {
    const user = await member('Headers');
    const noVersion = await t.app.request('/api/uploads', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'upload-length': '5' },
    });
    expect([noVersion.status, (await json(noVersion)).code]).toEqual([412, 'tus_version_required']);
    const extras: Record<string, string>[] = [{}, { 'upload-defer-length': '1' }];
    for (const extra of extras) {
      const res = await tus.create(user.token, null, { filename: 'a.txt' }, extra);
      expect([res.status, (await json(res)).code]).toEqual([400, 'invalid_upload_request']);
    }
    const huge = await tus.create(user.token, 3 * 1024 ** 3, { filename: 'big.iso' });
    expect([huge.status, (await json(huge)).code]).toEqual([413, 'upload_too_large']);
    const anonymous = await tus.create(undefined, 5, { filename: 'a.txt' });
    expect(anonymous.status).toBe(401);
  });

  it('holds the quota from the declared length: exactly at the limit passes, one byte more is 413', async () => {
    const user = await member('Quota');
    const { limit } = await storageUsageOf(t.db, user.ngoId);
    await t.db.insert(storageUsage).values({ ngoId: user.ngoId, bytesUsed: limit - 1_000 });
    const over = await tus.create(user.token, 1_001, { filename: 'over.bin' });
    expect(over.status).toBe(413);
    const body = await json(over);
    expect(body.code).toBe('storage_quota_exceeded');
    expect(body.message).toMatch(/left of/);
    await started(user, 1_000, 'at.bin');
    const next = await tus.create(user.token, 1, { filename: 'one.bin' });
    expect(next.status).toBe(413);
    expect(await storageUsageOf(t.db, user.ngoId)).toMatchObject({ used: limit - 1_000, reserved: 1_000 });
  });

  it('admits only one of two creations that together pass the quota', async () => {
    const user = await member('Race');
    const { limit } = await storageUsageOf(t.db, user.ngoId);
    const half = Math.floor(limit * 0.6);
    const answers = await Promise.all([
      tus.create(user.token, half, { filename: 'a.bin' }),
      tus.create(user.token, half, { filename: 'b.bin' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 413]);
    expect((await storageUsageOf(t.db, user.ngoId)).reserved).toBe(half);
  });

  it('lets every role with files:write start an upload, and refuses the others 403', async () => {
    const ngoId = await createTestNgo(t, 'Roles');
    for (const role of roles) {
      const user = await createTestUser(t, { ngoId, role });
      const res = await tus.create(user.token, 5, { filename: `${role}.txt` });
      expect(res.status, role).toBe(can(role, 'files:write') ? 201 : 403);
    }
  });
});

describe('whose an upload is', () => {
  it('answers another user’s or another NGO’s upload 404 on HEAD, PATCH and DELETE', async () => {
    const owner = await member('Owner', 'STAFF');
    const colleague = await createTestUser(t, { ngoId: owner.ngoId, role: 'NGO_ADMIN' });
    const outsider = await member('Outsider', 'NGO_ADMIN');
    const location = await started(owner, 10);
    for (const user of [colleague, outsider]) {
      expect((await tus.head(user.token, location)).status).toBe(404);
      const patch = await tus.patch(user.token, location, 0, bytes(10));
      expect([patch.status, (await json(patch)).code]).toEqual([404, 'not_found']);
      expect((await tus.remove(user.token, location)).status).toBe(404);
    }
    expect(offsetOf(await tus.head(owner.token, location))).toBe(0);
    expect((await tus.head(owner.token, '/api/uploads/nosuchupload')).status).toBe(404);
  });
});

describe('ending uploads', () => {
  it('releases the hold at once when the upload is cancelled (DELETE)', async () => {
    const user = await member('Cancel');
    const location = await started(user, 1_000);
    await tus.patch(user.token, location, 0, bytes(400));
    expect((await storageUsageOf(t.db, user.ngoId)).reserved).toBe(1_000);
    const res = await tus.remove(user.token, location);
    expect(res.status).toBe(204);
    expect(await storageUsageOf(t.db, user.ngoId)).toMatchObject({ used: 0, reserved: 0 });
    expect((await tus.head(user.token, location)).status).toBe(404);
    expect(inFlight().filter((f) => location.endsWith(f.split('.')[0]!))).toEqual([]);
  });

  it('expires an upload not finished in 24 hours and releases its hold', async () => {
    const user = await member('Expiry');
    const location = await started(user, 1_000);
    await tus.patch(user.token, location, 0, bytes(500));
    const id = location.split('/').pop()!;
    const backend = fileUploadBackend(join(t.env.DATA_DIR, 'uploads'), t.storage);
    const locker = uploadLockerFor(t.db);
    const early = await purgeExpiredUploads(t.db, backend, locker, new Date(Date.now() + 23 * 3_600_000));
    expect(early.expired).toBe(0);
    const late = await purgeExpiredUploads(t.db, backend, locker, new Date(Date.now() + 25 * 3_600_000));
    expect(late.expired).toBeGreaterThanOrEqual(1);
    expect(await storageUsageOf(t.db, user.ngoId)).toMatchObject({ used: 0, reserved: 0 });
    expect((await tus.head(user.token, location)).status).toBe(404);
    expect(inFlight().some((f) => f.startsWith(id))).toBe(false);
    expect((await t.db.select().from(uploads)).some((u) => u.id === id)).toBe(false);
  });
});
