import type { Readable } from 'node:stream';
import { CopyObjectCommand, DeleteObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import { UPLOAD_EXPIRY_HOURS } from '../../../contract/uploads';
import type { Env } from '../../env';
import type { FileStorage } from './file-storage';
import { inspectOnly, withoutDeferredLength, type UploadBackend } from './upload-store';

/**
 * Uploads in flight as S3 multipart uploads in the adapter's bucket (@tus/s3-store: object
 * `<upload id>` and its `<upload id>.info`). A finished one is read once for its SHA-256 and type, then
 * copied inside the bucket to the file's key (one CopyObject: files are at most 2 GiB, under S3's 5 GB
 * limit for it), and the upload's objects are removed.
 */
export function s3UploadBackend(env: Env, _storage: FileStorage): UploadBackend {
  const config = {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle:
      env.S3_FORCE_PATH_STYLE === 'auto' ? Boolean(env.S3_ENDPOINT) : env.S3_FORCE_PATH_STYLE === 'true',
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
    // As in s3-storage.ts: S3-compatible servers do not all understand the SDK's default CRC checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
  const Bucket = env.S3_BUCKET!;
  const store = withoutDeferredLength(
    new S3Store({
      s3ClientConfig: { ...config, bucket: Bucket },
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000,
      // Expiry is the purge's (uploads.service.ts), not object tags, which not every S3-compatible server keeps.
      useTags: false,
    }),
  );
  const client = new S3Client(config);
  return {
    store,
    async adopt(id, key, _size, name, seen) {
      const inspected = seen ?? (await inspectOnly((await store.read(id)) as Readable, name));
      await client.send(new CopyObjectCommand({ Bucket, Key: key, CopySource: `${Bucket}/${id}` }));
      return inspected;
    },
    async discard(id) {
      try {
        await store.remove(id);
      } catch {
        // A completed multipart upload cannot be aborted; its objects are removed below either way.
      }
      await client
        .send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }] },
          }),
        )
        .catch(() => undefined);
    },
  };
}
