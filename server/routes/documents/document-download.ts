import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { formatCode, verifyPath } from '../../../contract/documents';
import type { DbExecutor } from '../../db';
import { StorageObjectMissing, type FileStorage } from '../../services/storage/file-storage';
import { renderDocumentPdf, type PdfLogo } from './document-pdf';
import { logoFileOf } from './document-settings.service';
import { getDocument, type DocumentCaller } from './documents.service';

/** The logo is drawn 60 pt wide; this many pixels print sharply and keep the PDF small. */
const LOGO_PX = 240;
const MAX_LOGO_PIXELS = 50_000_000;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The NGO's logo as the PDF embeds it: scaled down first, so a 5 MB photo does not make a 5 MB
 * certificate, and re-encoded, so PNG variants pdf-lib cannot read (16-bit, interlaced) still draw.
 * None when there is no logo or its bytes are gone or unreadable: the PDF draws the initials.
 */
export async function logoForPdf(
  db: DbExecutor,
  storage: FileStorage,
  ngoId: string,
): Promise<PdfLogo | undefined> {
  const file = await logoFileOf(db, ngoId);
  if (!file) return undefined;
  let stored: Buffer;
  try {
    stored = await bytesOf(await storage.read(file.storageKey));
  } catch (err) {
    if (err instanceof StorageObjectMissing) return undefined;
    throw err;
  }
  try {
    const image = sharp(stored, { limitInputPixels: MAX_LOGO_PIXELS, animated: false })
      .rotate()
      .resize({ width: LOGO_PX, height: LOGO_PX, fit: 'inside', withoutEnlargement: true });
    return file.contentType === 'image/png'
      ? { type: 'image/png', bytes: await image.png().toBuffer() }
      : { type: 'image/jpeg', bytes: await image.jpeg({ quality: 85 }).toBuffer() };
  } catch {
    // Bytes that claim to be a picture but do not decode: the initials, not a failed download.
    return undefined;
  }
}

/** GET /api/documents/{id}/pdf: the document drawn from its snapshot, and its download name. */
export async function documentPdf(
  db: DbExecutor,
  storage: FileStorage,
  caller: DocumentCaller,
  documentId: string,
  appUrl: string,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const doc = await getDocument(db, caller, documentId);
  const logo = await logoForPdf(db, storage, doc.ngoId);
  const bytes = await renderDocumentPdf(doc, { logo, verifyUrl: `${appUrl}${verifyPath(doc.code)}` });
  // Only the kind and the code's own alphabet: safe in any header and on any file system.
  return { bytes, fileName: `${doc.kind}-${formatCode(doc.code)}.pdf` };
}
