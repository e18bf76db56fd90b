import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import {
  assertRange,
  assertStorageKey,
  isTenantKey,
  StorageObjectMissing,
  StorageSizeMismatch,
  type FileStorage,
} from './file-storage';

export interface S3StorageOptions {
  /** An S3-compatible endpoint (MinIO, Ceph, R2, a stand-in); unset for AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`), as most S3-compatible servers want. */
  forcePathStyle: boolean;
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** The whole body in memory, refused once it is longer than declared. */
async function collect(key: string, body: Readable | Uint8Array, size: number): Promise<Buffer> {
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > size) {
      body.destroy();
      throw new StorageSizeMismatch(key, size, received);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, received);
}

/**
 * Objects in an S3-compatible bucket. `put` is for small objects (single-request uploads,
 * thumbnails) and holds the body in memory to know it is whole before sending it: a stream shorter
 * than its Content-Length would leave the request hanging. Large files reach the bucket through the
 * resumable upload path, in parts. Ranges are expected within the object (the download route clamps
 * them to the size it holds).
 */
export function s3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Newer SDKs add CRC checksums to every request by default, which S3-compatible servers do not all
    // understand; integrity is checked by the server's own SHA-256 of each file.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    kind: 's3',

    async put(key, body, size) {
      assertStorageKey(key);
      const bytes = await collect(key, body, size);
      if (bytes.length !== size) throw new StorageSizeMismatch(key, size, bytes.length);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: size }));
    },

    async read(key, range) {
      assertStorageKey(key);
      assertRange(range);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw new StorageObjectMissing(key);
        throw error;
      }
    },

    async size(key) {
      assertStorageKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async remove(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? [])
          if (object.Key && isTenantKey(object.Key))
            yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
