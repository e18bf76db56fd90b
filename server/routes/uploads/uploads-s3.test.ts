import { createHash } from 'node:crypto';
import { HeadObjectCommand, ListObjectsV2Command, ListPartsCommand, S3Client } from '@aws-sdk/client-s3';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createMailer } from '../../services/mailer';
import type { FileStorage } from '../../services/storage/file-storage';
import { s3Storage } from '../../services/storage/s3-storage';
import { storageUsageOf } from '../../services/storage/storage-quota';
import { startS3StandIn, type S3StandIn } from '../../testing/s3-stand-in';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { offsetOf, tusClient } from '../../testing/tus';
import { createTestNgo, createTestUser } from '../../testing/users';

/*
 * The resumable path over S3-compatible storage (@tus/s3-store): parts go to a multipart upload in the
 * bucket, and the finished upload is copied to the file's key. Against s3rver with ListParts and
 * AbortMultipartUpload added in front of it (server/testing/s3-stand-in.ts): the adapter and the tus
 * store speak the S3 protocol to it over HTTP; nothing is mocked.
 */

let t: TestApp;
let s3: S3StandIn;
let app: ReturnType<typeof createApp>;
let storage: FileStorage;
/** The test's own view of the bucket, over the same protocol. */
let bucket: S3Client;

beforeAll(async () => {
  s3 = await startS3StandIn('ngo-files');
  const settings = {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
  t = await createTestApp(settings);
  const env = { ...t.env, ...settings };
  const logger = pino({ level: process.env.S3_TEST_LOG ? 'error' : 'silent' });
  const connection = {
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
  };
  storage = s3Storage({
    ...connection,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
  bucket = new S3Client({
    ...connection,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  app = createApp({
    env,
    db: t.db,
    logger,
    mailer: createMailer({ db: t.db, logger, from: env.MAIL_FROM }),
    jwt: t.jwt,
    ai: t.ai,
    storage,
    ping: async () => {},
  });
});
afterAll(async () => {
  bucket?.destroy();
  await t?.close();
  await s3?.close();
});

/** Bytes that never repeat at a part's distance (8 MiB), so a misplaced part cannot pass. */
function bytes(n: number, seed = 7) {
  const data = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
    data[i] = x >>> 24;
  }
  return data;
}
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const MiB = 1024 * 1024;

/** A body that sends `data` (if any), then fails `afterMs` later like a connection cut mid-chunk. */
function cutAfter(data: Uint8Array, afterMs = 100): ReadableStream<Uint8Array> {
  let sent = data.length === 0;
  return new ReadableStream({
    async pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(data);
      } else {
        await new Promise((resolve) => setTimeout(resolve, afterMs));
        controller.error(new Error('connection reset'));
      }
    },
  });
}

/** The keys the bucket holds that start with `prefix`. */
async function keysUnder(prefix: string) {
  const page = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((object) => object.Key);
}

/** The S3 multipart upload behind a tus upload (@tus/s3-store keeps its id on `<upload id>.info`). */
async function multipartOf(uploadId: string) {
  const info = await bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${uploadId}.info` }));
  return { Bucket: s3.bucket, Key: uploadId, UploadId: info.Metadata!['upload-id']! };
}

describe('resumable uploads into an S3-compatible bucket', () => {
  it('stores the chunks as parts, resumes from HEAD, and copies the whole file to its key', async () => {
    const user = await createTestUser(t, { ngoId: await createTestNgo(t, 'Bucket Relief'), role: 'STAFF' });
    const tus = tusClient((path, init) => app.request(path, init));
    // Over 8 MiB, @tus/s3-store's part size: S3 wants parts of at least 5 MiB, so a chunk's tail short
    // of a part is kept aside (`<id>.part`) until the next chunk fills it.
    const data = bytes(13 * MiB + 123);
    const created = await tus.create(user.token, data.length, { filename: 'survey.zip' });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;
    const uploadId = location.split('/').at(-1)!;

    // Two chunks, each acknowledged, and HEAD agrees with the acknowledgement.
    let offset = 0;
    for (const end of [3_000_000, 9_000_000]) {
      const res = await tus.patch(user.token, location, offset, data.subarray(offset, end));
      expect(res.status, await res.clone().text()).toBe(204);
      expect(offsetOf(res)).toBe(end);
      const head = await tus.head(user.token, location);
      expect([head.status, offsetOf(head), head.headers.get('upload-length')]).toEqual([
        200,
        end,
        String(data.length),
      ]);
      offset = end;
    }
    // In the bucket: one whole 8 MiB part so far; the other 611,392 acknowledged bytes wait for more.
    const parts = await bucket.send(new ListPartsCommand(await multipartOf(uploadId)));
    expect(parts.Parts?.map((part) => [part.PartNumber, part.Size])).toEqual([[1, 8 * MiB]]);

    // A chunk whose connection drops before its first byte (while the store still asks the bucket
    // where the upload stands): nothing changes.
    const dropped = await tus.patch(user.token, location, offset, cutAfter(new Uint8Array(0), 0), {}, 1_000);
    expect([dropped.status, ((await dropped.json()) as { code: string }).code]).toEqual([
      400,
      'upload_interrupted',
    ]);
    expect(offsetOf(await tus.head(user.token, location))).toBe(offset);

    // The next chunk is cut after 1 MB of its 4.6 MB. HEAD says where to resume: never before the
    // chunk's own start (what earlier chunks were told is kept), never past what arrived.
    const cut = await tus.patch(
      user.token,
      location,
      offset,
      cutAfter(data.subarray(offset, offset + 1_000_000)),
      {},
      data.length - offset,
    );
    expect([cut.status, ((await cut.json()) as { code: string }).code]).toEqual([400, 'upload_interrupted']);
    const resumeAt = offsetOf(await tus.head(user.token, location));
    expect(resumeAt).toBeGreaterThanOrEqual(offset);
    expect(resumeAt).toBeLessThanOrEqual(offset + 1_000_000);

    // The rest, from there.
    const last = await tus.patch(user.token, location, resumeAt, data.subarray(resumeAt));
    expect(last.status, await last.clone().text()).toBe(204);
    expect(offsetOf(last)).toBe(data.length);
    const fileId = last.headers.get('upload-file-id')!;
    expect(fileId).toMatch(/^[0-9a-z]{26}$/);

    // The whole file, byte for byte, as the API serves it and as the bucket holds it under its key.
    const content = await app.request(`/api/files/${fileId}/content`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(content.status).toBe(200);
    const received = Buffer.from(await content.arrayBuffer());
    expect(received.length).toBe(data.length);
    expect(received.equals(data)).toBe(true);
    const file = (await (
      await app.request(`/api/files/${fileId}`, { headers: { authorization: `Bearer ${user.token}` } })
    ).json()) as { sha256: string; sizeBytes: number };
    expect(file).toMatchObject({ sha256: sha256(data), sizeBytes: data.length });
    const stored = await keysUnder(`${user.ngoId}/`);
    expect(stored).toHaveLength(1);
    expect(await storage.size(stored[0]!)).toBe(data.length);
    expect(await storageUsageOf(t.db, user.ngoId)).toMatchObject({ used: data.length, reserved: 0 });

    // Nothing of the upload itself stays in the bucket; a late HEAD still learns the file.
    expect(await keysUnder(uploadId)).toEqual([]);
    const late = await tus.head(user.token, location);
    expect([late.status, offsetOf(late), late.headers.get('upload-file-id')]).toEqual([
      200,
      data.length,
      fileId,
    ]);
  }, 60_000);

  it('aborts the multipart upload and releases the hold when an upload is cancelled', async () => {
    const user = await createTestUser(t, { ngoId: await createTestNgo(t, 'Bucket Cancel'), role: 'STAFF' });
    const tus = tusClient((path, init) => app.request(path, init));
    const data = bytes(6 * MiB, 3);
    const created = await tus.create(user.token, data.length, { filename: 'draft.zip' });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;
    const uploadId = location.split('/').at(-1)!;
    const first = await tus.patch(user.token, location, 0, data.subarray(0, 2_000_000));
    expect(first.status, await first.clone().text()).toBe(204);
    const multipart = await multipartOf(uploadId);
    expect((await storageUsageOf(t.db, user.ngoId)).reserved).toBe(data.length);

    const cancel = await tus.remove(user.token, location);
    expect(cancel.status, await cancel.clone().text()).toBe(204);
    expect((await tus.head(user.token, location)).status).toBe(404);
    expect(await storageUsageOf(t.db, user.ngoId)).toMatchObject({ used: 0, reserved: 0 });
    await expect(bucket.send(new ListPartsCommand(multipart))).rejects.toMatchObject({
      name: 'NoSuchUpload',
    });
    expect(await keysUnder(uploadId)).toEqual([]);
  }, 60_000);
});
