import { PassThrough, type Readable } from 'node:stream';
import { CopyObjectCommand, DeleteObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { UPLOAD_EXPIRY_HOURS } from '../../../contract/uploads';
import type { Env } from '../../env';
import type { FileStorage } from './file-storage';
import { inspectOnly, withoutDeferredLength, type UploadBackend } from './upload-store';

/**
 * The chunk's body, its failure held until the store listens for it. S3Store reads the body only after
 * asking the bucket where the upload stands (ListParts, the tail): a body that failed meanwhile (a
 * connection dropped at once) was an error nobody listened to, which ends the process, and with a tail
 * to prepend, a read that never ended (multistream waits for a body that had already closed).
 */
function failingWhenHeard(src: Readable): Readable {
  const body = new PassThrough();
  src.once('error', (err) => {
    src.unpipe(body);
    if (body.listenerCount('error') > 0) return void body.destroy(err);
    const onListener = (event: string | symbol) => {
      if (event !== 'error') return;
      body.off('newListener', onListener);
      // Emitted on the next tick, once the listener being added is there.
      body.destroy(err);
    };
    body.on('newListener', onListener);
  });
  return src.pipe(body);
}

/**
 * @tus/s3-store, keeping what earlier chunks were told is kept. A chunk's tail short of a part (S3 wants
 * 5 MiB) waits in `<id>.part` for the next chunk. S3Store deleted it as soon as the next chunk began, so
 * a chunk cut (a dropped connection) before the tail and its own bytes filled a part lost the tail too:
 * HEAD then went back before the chunk's start, below the offset an earlier PATCH had answered. Here
 * the tail is deleted just before the part that carries it is sent (its bytes have all arrived), and a
 * shorter chunk's new tail replaces it in one PutObject. Termination (DELETE) also removes `<id>.part`, which S3Store left behind.
 */
class TailKeepingS3Store extends S3Store {
  /** Uploads whose write has read their `<id>.part` and not yet sent its bytes on. */
  private readonly tailRead = new Set<string>();

  protected override async deleteIncompletePart(id: string) {
    this.tailRead.add(id);
  }

  protected override async uploadPart(metadata: MetadataValue, body: Readable | Buffer, partNumber: number) {
    // A write's first part starts with the tail it read (S3Store sends its parts in order).
    if (this.tailRead.delete(metadata.file.id)) await super.deleteIncompletePart(metadata.file.id);
    return super.uploadPart(metadata, body, partNumber);
  }

  protected override async uploadIncompletePart(id: string, body: Readable) {
    this.tailRead.delete(id);
    return super.uploadIncompletePart(id, body);
  }

  override async write(src: Readable, id: string, offset: number) {
    try {
      return await super.write(failingWhenHeard(src), id, offset);
    } finally {
      this.tailRead.delete(id);
    }
  }

  override async remove(id: string) {
    await super.remove(id);
    await super.deleteIncompletePart(id);
  }
}

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
    new TailKeepingS3Store({
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
