/*
 * The name a chosen file gets as its answer: the question's name, the time it was taken and an
 * extension from its type, so names are unique within a response and say what they are in an export
 * ('house_photo-1732700000000.jpg'). A chosen document keeps its own name before the time.
 */

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'application/pdf': 'pdf',
};

/** Characters no file name may hold (the file layer's name rules), and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]+/g;

export function answerFileName(questionName: string, blob: Blob, chosenName?: string, now = Date.now()) {
  const chosen = chosenName?.replace(UNSAFE, '-').trim() ?? '';
  const dot = chosen.lastIndexOf('.');
  const ownExtension = dot > 0 ? chosen.slice(dot + 1).toLowerCase() : '';
  const extension = extensions[blob.type] ?? (/^[a-z0-9]{1,8}$/.test(ownExtension) ? ownExtension : 'bin');
  const stem = (dot > 0 ? chosen.slice(0, dot) : chosen).slice(0, 80) || questionName;
  // NFC, as the server reads an upload's filename (contract/forms/media.ts), so the two names match.
  return `${stem}-${now}.${extension}`.normalize('NFC');
}
