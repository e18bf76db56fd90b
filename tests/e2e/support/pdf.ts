import jsQR from 'jsqr';
import sharp from 'sharp';

/*
 * Reads a downloaded PDF as a person would: its text (unpdf's PDF.js), and the QR code printed on its
 * first page, drawn to pixels and decoded (jsQR), so a test follows the code a phone would scan.
 */

/** The text of every page, joined. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}

/** The content of the QR code on the first page; throws when none is found. */
export async function pdfQrCode(bytes: Uint8Array): Promise<string> {
  provideTransferToFixedLength();
  const { renderPageAsImage } = await import('unpdf');
  const png = await renderPageAsImage(new Uint8Array(bytes), 1, {
    canvasImport: () => import('@napi-rs/canvas'),
    width: 1400,
  });
  const { data, info } = await sharp(Buffer.from(png))
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  );
  if (!found) throw new Error('No QR code was found on the first page of the PDF.');
  return found.data;
}

/** PDF.js 5 needs ArrayBuffer.prototype.transferToFixedLength (Node 22); on Node 20 pages draw blank. */
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
