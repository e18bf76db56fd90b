import type { StorageItem } from '@contract/files';
import { api } from '@/lib/api-client';
import { compressImage } from '@/lib/compress-image';
import { UploadFailed, uploadSmallFile, type UploadProgress } from '@/lib/uploads/small-file';

/*
 * A chat attachment is a file of the NGO's file layer: uploaded at once when chosen (a single
 * request, POST /files), in the root folder 'Team chat' (made by the first attachment, as activity
 * photos go to 'Activity reports'), and named in the message by its id. Pictures are made smaller on
 * the device first, as activity photos are.
 */

/** contract/files.ts's SMALL_UPLOAD_MAX_BYTES, repeated: that module carries zod. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** contract/chat.ts's MESSAGE_ATTACHMENTS_MAX, repeated for the same reason. */
export const ATTACHMENTS_MAX = 10;
export const CHAT_FOLDER_NAME = 'Team chat';

export class AttachmentTooLarge extends Error {}

/** The folder's id per signed-in user (the NGO): looked up once a page, made when missing. */
const folders = new Map<string, Promise<string>>();

async function findOrMakeFolder(): Promise<string> {
  const ours = (list: StorageItem[]) =>
    list.find((f) => f.kind === 'folder' && f.folderId === null && f.name === CHAT_FOLDER_NAME)?.id;
  const find = async () =>
    ours(await api<StorageItem[]>('/folders', { query: { search: CHAT_FOLDER_NAME, limit: 100 } }));
  const found = await find();
  if (found) return found;
  try {
    const made = await api<StorageItem>('/folders', { method: 'POST', body: { name: CHAT_FOLDER_NAME } });
    return made.id;
  } catch (error) {
    // Someone else's first attachment made it a moment ago (409): theirs is the folder.
    const again = await find();
    if (again) return again;
    throw error;
  }
}

export function chatFolderId(userId: string): Promise<string> {
  let folder = folders.get(userId);
  if (!folder) {
    folder = findOrMakeFolder();
    folders.set(userId, folder);
    // A failed look-up is asked again next time.
    folder.catch(() => folders.delete(userId));
  }
  return folder;
}

/** For tests: forget the folder. */
export const forgetChatFolder = () => folders.clear();

/** 'report.png' compressed to JPEG is 'report.jpg': the name follows the bytes. */
export function nameAfterCompressing(name: string, before: string, after: string): string {
  if (before === after || after !== 'image/jpeg') return name;
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.jpg`;
}

/** 'report (2).pdf': another try at a name taken in the folder. */
export function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** The bytes an attachment sends: a picture made smaller, anything else as it is. */
export async function attachmentBytes(file: File): Promise<File> {
  const blob = await compressImage(file);
  if (blob === file) return file;
  return new File([blob], nameAfterCompressing(file.name, file.type, blob.type), { type: blob.type });
}

const stemOf = (name: string) => (name.lastIndexOf('.') > 0 ? name.slice(0, name.lastIndexOf('.')) : name);

/**
 * The first of 'name', 'name (2)', 'name (3)'… no item of the folder has. Asked before sending, since
 * a clash (409) would cost sending the bytes again, minutes on 2G.
 */
async function freeName(folderId: string, name: string): Promise<string> {
  const items = await api<StorageItem[]>('/files', {
    query: { folderId, search: stemOf(name), limit: 100 },
  });
  const taken = new Set(items.map((i) => i.name.normalize('NFC').toLowerCase()));
  let n = 1;
  const at = (k: number) => (k === 1 ? name : numberedName(name, k));
  while (taken.has(at(n).normalize('NFC').toLowerCase())) n++;
  return at(n);
}

/**
 * Uploads one attachment and answers the stored file. Too large a file is refused before anything
 * is sent; a name taken in the folder gets a number, also when another upload took it meanwhile.
 */
export async function uploadAttachment(
  userId: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
): Promise<StorageItem> {
  const bytes = await attachmentBytes(file);
  if (bytes.size > ATTACHMENT_MAX_BYTES)
    throw new AttachmentTooLarge(
      `${file.name} is larger than 10 MB, the most a chat attachment can be. Upload it to Cloud Storage and share its link instead.`,
    );
  const folderId = await chatFolderId(userId);
  for (let attempt = 1; ; attempt++) {
    const name = await freeName(folderId, bytes.name);
    const named = name === bytes.name ? bytes : new File([bytes], name, { type: bytes.type });
    try {
      return await uploadSmallFile(named, folderId, onProgress, signal);
    } catch (error) {
      if (!(error instanceof UploadFailed && error.status === 409) || attempt >= 3) throw error;
    }
  }
}
