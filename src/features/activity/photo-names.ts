/** The extension a compressed photo's name takes from its type (the server sniffs the bytes too). */
const extensionOf = (type: string) => (type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : 'jpg');

/** photo-1.jpg, photo-2.jpg…: the first number no photo of the report uses (PHOTO_NAME_PATTERN). */
export function nextPhotoName(taken: readonly string[], type: string): string {
  const used = new Set(taken.map((name) => Number(/^photo-(\d+)\./.exec(name)?.[1] ?? 0)));
  let n = 1;
  while (used.has(n)) n++;
  return `photo-${n}.${extensionOf(type)}`;
}

/** '1.2 MB', '240 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** 'about 20 s left', 'about 2 min left'; '' before the speed is known. */
export function timeLeft(sent: number, total: number, speed: number): string {
  if (speed <= 0 || total <= sent) return '';
  const seconds = Math.ceil((total - sent) / speed);
  return seconds < 60 ? `about ${seconds} s left` : `about ${Math.ceil(seconds / 60)} min left`;
}
