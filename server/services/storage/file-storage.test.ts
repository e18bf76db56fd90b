import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { StorageObjectMissing, StorageSizeMismatch, type FileStorage } from './file-storage';
import { localDiskStorage } from './local-disk-storage';
import { s3Storage } from './s3-storage';
import { storageFromEnv } from './storage-from-env';

const folders: string[] = [];
const tempFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ngo-storage-'));
  folders.push(dir);
  return dir;
};

// A local S3-compatible server (s3rver) speaks the protocol to the real adapter: nothing is mocked.
let s3rver: S3rver;
let s3Endpoint = '';
beforeAll(async () => {
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempFolder(),
    configureBuckets: [{ name: 'ngo-files', configs: [] }],
  });
  const { port } = (await s3rver.run()) as { port: number };
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3rver?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const s3 = () =>
  s3Storage({
    endpoint: s3Endpoint,
    region: 'us-east-1',
    bucket: 'ngo-files',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

const adapters: [string, () => FileStorage][] = [
  ['local disk', () => localDiskStorage(tempFolder())],
  ['S3-compatible', s3],
];

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) % 256);
const readAll = async (stream: Readable) => Buffer.concat(await stream.toArray());
const chunked = (data: Uint8Array, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(data.length / size) }, (_, i) =>
      Buffer.from(data.subarray(i * size, (i + 1) * size)),
    ),
  );

describe.each(adapters)('file storage on %s', (_name, make) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });

  it('keeps a file whole, streamed in chunks, and gives back its size, its bytes and a range of them', async () => {
    const data = bytes(1024 * 1024 + 17);
    await storage.put('ngo1/file-a', chunked(data, 64 * 1024), data.length);
    expect(await storage.size('ngo1/file-a')).toBe(data.length);
    expect((await readAll(await storage.read('ngo1/file-a'))).equals(Buffer.from(data))).toBe(true);
    const range = await readAll(await storage.read('ngo1/file-a', { start: 1000, end: 1999 }));
    expect(range.equals(Buffer.from(data.subarray(1000, 2000)))).toBe(true);
    const last = await readAll(
      await storage.read('ngo1/file-a', { start: data.length - 1, end: data.length - 1 }),
    );
    expect([...last]).toEqual([data[data.length - 1]]);
  });

  it('takes a body already in memory, and an empty file', async () => {
    await storage.put('ngo1/hello', new TextEncoder().encode('hello'), 5);
    expect(await text(await storage.read('ngo1/hello'))).toBe('hello');
    await storage.put('ngo1/empty', new Uint8Array(0), 0);
    expect(await storage.size('ngo1/empty')).toBe(0);
    expect((await readAll(await storage.read('ngo1/empty'))).length).toBe(0);
  });

  it('refuses a body longer or shorter than declared and keeps nothing under the key', async () => {
    await expect(storage.put('ngo1/long', chunked(bytes(5000), 1000), 4000)).rejects.toBeInstanceOf(
      StorageSizeMismatch,
    );
    await expect(storage.put('ngo1/short', chunked(bytes(3000), 1000), 4000)).rejects.toBeInstanceOf(
      StorageSizeMismatch,
    );
    expect(await storage.size('ngo1/long')).toBeUndefined();
    expect(await storage.size('ngo1/short')).toBeUndefined();
  });

  it('replaces an object only with a whole new one', async () => {
    await storage.put('ngo1/doc', new TextEncoder().encode('first'), 5);
    await expect(storage.put('ngo1/doc', chunked(bytes(10), 5), 4)).rejects.toBeInstanceOf(
      StorageSizeMismatch,
    );
    expect(await text(await storage.read('ngo1/doc'))).toBe('first');
    await storage.put('ngo1/doc', new TextEncoder().encode('second'), 6);
    expect(await text(await storage.read('ngo1/doc'))).toBe('second');
  });

  it('says when an object is missing, and removes objects (a missing one too)', async () => {
    await expect(storage.read('ngo1/nothing')).rejects.toBeInstanceOf(StorageObjectMissing);
    expect(await storage.size('ngo1/nothing')).toBeUndefined();
    await storage.remove('ngo1/nothing');
    await storage.put('ngo1/gone', new TextEncoder().encode('x'), 1);
    await storage.remove('ngo1/gone');
    expect(await storage.size('ngo1/gone')).toBeUndefined();
    await expect(storage.read('ngo1/gone')).rejects.toBeInstanceOf(StorageObjectMissing);
  });

  it('lists the objects of every organisation with when they were written', async () => {
    const mine = make();
    const before = Date.now() - 60_000;
    await mine.put('ngoL1/file-1', bytes(10), 10);
    await mine.put('ngoL1/file-1_thumb320', bytes(5), 5);
    await mine.put('ngoL2/file-2', bytes(3), 3);
    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const object of mine.list()) listed.push(object);
    const keys = listed.map((o) => o.key).filter((k) => k.startsWith('ngoL'));
    expect(keys.sort()).toEqual(['ngoL1/file-1', 'ngoL1/file-1_thumb320', 'ngoL2/file-2']);
    for (const object of listed) expect(object.modifiedAt.getTime()).toBeGreaterThan(before);
  });

  it('refuses keys that could name another place, and bad ranges', async () => {
    for (const key of ['../escape', 'ngo1/../../etc/passwd', '', '/absolute', 'a//b', 'a/', 'a b', '.hidden'])
      await expect(storage.put(key, new Uint8Array(1), 1), key).rejects.toThrow(/Invalid storage key/);
    await storage.put('ngo1/r', new Uint8Array(4), 4);
    await expect(storage.read('ngo1/r', { start: 3, end: 1 })).rejects.toThrow(/Invalid byte range/);
    await expect(storage.read('ngo1/r', { start: -1, end: 1 })).rejects.toThrow(/Invalid byte range/);
  });
});

describe('local disk storage', () => {
  it('leaves no partial file behind when a write fails', async () => {
    const root = tempFolder();
    const storage = localDiskStorage(root);
    await expect(storage.put('ngo1/f', chunked(bytes(100), 10), 50)).rejects.toBeInstanceOf(
      StorageSizeMismatch,
    );
    expect(readdirSync(join(root, 'ngo1'))).toEqual([]);
  });
});

describe('storage from the environment', () => {
  it('keeps files under DATA_DIR/files by default, and in the bucket when S3 is configured', async () => {
    const dataDir = tempFolder();
    expect((await storageFromEnv(loadEnv({ DATA_DIR: dataDir }))).kind).toBe('local');
    const storage = await storageFromEnv(
      loadEnv({
        DATA_DIR: dataDir,
        S3_ENDPOINT: s3Endpoint,
        S3_BUCKET: 'ngo-files',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
    );
    expect(storage.kind).toBe('s3');
    await storage.put('ngo2/from-env', new TextEncoder().encode('in the bucket'), 13);
    expect(await text(await s3().read('ngo2/from-env'))).toBe('in the bucket');
  });

  it('refuses S3 settings without a bucket, or a bucket without keys', () => {
    expect(() => loadEnv({ DATA_DIR: tempFolder(), S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET/,
    );
    expect(() => loadEnv({ DATA_DIR: tempFolder(), S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadEnv({ DATA_DIR: tempFolder(), S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });
});
