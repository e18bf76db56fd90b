import { join } from 'node:path';
import type { Env } from '../../env';
import type { FileStorage } from './file-storage';
import { localDiskStorage } from './local-disk-storage';

/**
 * S3-compatible storage when S3_BUCKET is set (env.ts checks its companions), else DATA_DIR/files.
 * The AWS SDK is imported only when used: it is large, and warns about Node versions at import.
 */
export async function storageFromEnv(env: Env): Promise<FileStorage> {
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    const { s3Storage } = await import('./s3-storage');
    return s3Storage({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle:
        env.S3_FORCE_PATH_STYLE === 'auto' ? Boolean(env.S3_ENDPOINT) : env.S3_FORCE_PATH_STYLE === 'true',
    });
  }
  return localDiskStorage(join(env.DATA_DIR, 'files'));
}
