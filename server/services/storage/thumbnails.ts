import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { StorageObjectMissing, type FileStorage } from './file-storage';

/*
 * Image thumbnails (issue 13: "thumbnails are what a phone on data-saver loads"): a WebP no larger
 * than THUMBNAIL_PX on either side, made with sharp the first time it is asked for and kept beside
 * the original under thumbnailKey(its key), so it goes when the original is purged. Only raster
 * images sharp reads are thumbnailed; an SVG (stored as text, never rendered on our origin) is not.
 */

export const THUMBNAIL_PX = 320;
/** Larger originals are not decoded for a thumbnail (a phone gets the file's icon instead). */
const MAX_SOURCE_BYTES = 40 * 1024 * 1024;
/** A decompression bomb stops here: 50 megapixels. */
const MAX_SOURCE_PIXELS = 50_000_000;

const thumbnailable = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
]);

export const thumbnailKey = (storageKey: string) => `${storageKey}_thumb${THUMBNAIL_PX}`;

export interface ThumbnailSource {
  storageKey: string;
  contentType: string;
  sizeBytes: number;
}

export const hasThumbnail = (file: ThumbnailSource) =>
  thumbnailable.has(file.contentType) && file.sizeBytes > 0 && file.sizeBytes <= MAX_SOURCE_BYTES;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The file's thumbnail (WebP bytes), made and stored on first use; undefined for a file that has
 * none (not a raster image, too large, or bytes sharp cannot read).
 */
export async function thumbnailOf(storage: FileStorage, file: ThumbnailSource): Promise<Buffer | undefined> {
  if (!hasThumbnail(file)) return undefined;
  const key = thumbnailKey(file.storageKey);
  try {
    return await bytesOf(await storage.read(key));
  } catch (err) {
    if (!(err instanceof StorageObjectMissing)) throw err;
  }
  let thumbnail: Buffer;
  try {
    const original = await bytesOf(await storage.read(file.storageKey));
    thumbnail = await sharp(original, { limitInputPixels: MAX_SOURCE_PIXELS, animated: false })
      .rotate()
      .resize({ width: THUMBNAIL_PX, height: THUMBNAIL_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
  } catch (err) {
    if (err instanceof StorageObjectMissing) throw err;
    // Bytes that claim to be an image but do not decode: no thumbnail, not a server error.
    return undefined;
  }
  await storage.put(key, thumbnail, thumbnail.length);
  return thumbnail;
}
