import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { THUMBNAIL_TYPES } from '../../../contract/files';
import { StorageObjectMissing, type FileStorage } from './file-storage';

/*
 * Thumbnails (issue 13: "thumbnails are what a phone on data-saver loads"): a WebP no larger than
 * THUMBNAIL_PX on either side, made with sharp the first time it is asked for and kept beside the
 * original under thumbnailKey(its key), so it goes when the original is purged. Raster images sharp
 * reads, and a PDF's first page (drawn by PDF.js through unpdf, scripts off); an SVG (stored as text,
 * never rendered on our origin) is not.
 */

export const THUMBNAIL_PX = 320;
/** Larger originals are not decoded for a thumbnail (a phone gets the file's icon instead). */
const MAX_SOURCE_BYTES = 40 * 1024 * 1024;
/** A decompression bomb stops here: 50 megapixels. */
const MAX_SOURCE_PIXELS = 50_000_000;

const PDF = 'application/pdf';
/** A PDF's first page is drawn this wide, then scaled down by sharp (sharper than drawing it small). */
const PDF_RENDER_PX = THUMBNAIL_PX * 2;

export const thumbnailKey = (storageKey: string) => `${storageKey}_thumb${THUMBNAIL_PX}`;

export interface ThumbnailSource {
  storageKey: string;
  contentType: string;
  sizeBytes: number;
}

export const hasThumbnail = (file: ThumbnailSource) =>
  THUMBNAIL_TYPES.has(file.contentType) && file.sizeBytes > 0 && file.sizeBytes <= MAX_SOURCE_BYTES;

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
    const stored = await bytesOf(await storage.read(file.storageKey));
    const original = file.contentType === PDF ? await firstPageOf(stored) : stored;
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

/**
 * A PDF's first page as PNG bytes. This PDF.js build evaluates nothing of the document (no eval, no
 * scripting); unpdf destroys the document it opened once the page is drawn.
 */
async function firstPageOf(pdf: Buffer): Promise<Buffer> {
  provideTransferToFixedLength();
  const { renderPageAsImage } = await import('unpdf');
  const png = await renderPageAsImage(new Uint8Array(pdf), 1, {
    canvasImport: () => import('@napi-rs/canvas'),
    width: PDF_RENDER_PX,
  });
  return Buffer.from(png);
}

/**
 * PDF.js 5 calls ArrayBuffer.prototype.transferToFixedLength (ES2024, Node 22); on Node 20 a page then
 * draws blank. A copy serves PDF.js's use (a buffer of fixed length it then owns); the original stays
 * usable, which no caller here relies on either way.
 */
function provideTransferToFixedLength() {
  if ('transferToFixedLength' in ArrayBuffer.prototype) return;
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length = this.byteLength) {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}
