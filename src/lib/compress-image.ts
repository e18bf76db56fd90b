/*
 * A photo is made smaller on the phone before it is kept and queued (issue 14): a 12-megapixel camera
 * picture is 3–6 MB, minutes of sending on 2G, while a survey needs a readable picture. The longest
 * side is brought to the form's `max-pixels` parameter (XLSForm's, as ODK Collect reads it) or
 * DEFAULT_MAX_PIXELS, re-encoded as JPEG. A picture the browser cannot decode, or one that would not
 * get smaller, is kept as chosen.
 */

export const DEFAULT_MAX_PIXELS = 1600;
const JPEG_QUALITY = 0.8;

export function maxPixelsOf(parameters: Record<string, string> | undefined): number {
  const asked = Number(parameters?.['max-pixels']);
  return Number.isInteger(asked) && asked > 0 ? asked : DEFAULT_MAX_PIXELS;
}

/** The size a picture is drawn at: its longest side at most `maxPixels`, the shape kept. */
export function fittedSize(width: number, height: number, maxPixels: number) {
  const scale = Math.min(1, maxPixels / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function compressImage(file: Blob, maxPixels = DEFAULT_MAX_PIXELS): Promise<Blob> {
  if (!file.type.startsWith('image/') || file.type === 'image/gif' || file.type === 'image/svg+xml')
    return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const { width, height } = fittedSize(bitmap.width, bitmap.height, maxPixels);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: a PNG's transparent parts become white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const jpeg = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    return jpeg && jpeg.size < file.size ? jpeg : file;
  } finally {
    bitmap.close();
  }
}
