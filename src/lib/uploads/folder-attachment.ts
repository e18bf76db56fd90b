import type { StorageItem } from '@contract/files';
import { api } from '../api-client';
import { compressImage } from '../compress-image';
import { UploadFailed, uploadSmallFile, type UploadProgress } from './small-file';

/*
 * An attachment is a file of the NGO's file layer: uploaded at once when chosen (one request, POST
 * /files, with its progress), into a root folder named after what it is attached to ('Tickets'),
 * made by the first attachment, and named in the write by its id. Pictures are made smaller on the
 * device first. The same steps as the chat's attachments (features/chat/api/upload-attachment.ts,
 * which came first and keeps its own copy).
 */

/** contract/files.ts's SMALL_UPLOAD_MAX_BYTES, repeated: that module carries zod. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

export class AttachmentTooLarge extends Error {}

/** The folder's id per folder name and signed-in user (the NGO): looked up once a page, made when missing. */
const folders = new Map<string, Promise<string>>();

async function findOrMakeFolder(folderName: string): Promise<string> {
  const ours = (list: StorageItem[]) =>
    list.find((f) => f.kind === 'folder' && f.folderId === null && f.name === folderName)?.id;
  const find = async () =>
    ours(await api<StorageItem[]>('/folders', { query: { search: folderName, limit: 100 } }));
  const found = await find();
  if (found) return found;
  try {
    const made = await api<StorageItem>('/folders', { method: 'POST', body: { name: folderName } });
    return made.id;
  } catch (error) {
    // Someone else's first attachment made it a moment ago (409): theirs is the folder.
    const again = await find();
    if (again) return again;
    throw error;
  }
}

export function attachmentFolderId(folderName: string, userId: string): Promise<string> {
  const key = `${userId}\u0000${folderName}`;
  let folder = folders.get(key);
  if (!folder) {
    folder = findOrMakeFolder(folderName);
    folders.set(key, folder);
    // A failed look-up is asked again next time.
    folder.catch(() => folders.delete(key));
  }
  return folder;
}

/** For tests: forget the folders. */
export const forgetAttachmentFolders = () => folders.clear();

/** 'report.png' compressed to JPEG is 'report.jpg': the name follows the bytes. */
function nameAfterCompressing(name: string, before: string, after: string): string {
  if (before === after || after !== 'image/jpeg') return name;
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.jpg`;
}

/** 'report (2).pdf': another try at a name taken in the folder. */
function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

async function attachmentBytes(file: File): Promise<File> {
  const blob = await compressImage(file);
  if (blob === file) return file;
  return new File([blob], nameAfterCompressing(file.name, file.type, blob.type), { type: blob.type });
}

const stemOf = (name: string) => (name.lastIndexOf('.') > 0 ? name.slice(0, name.lastIndexOf('.')) : name);

/** The first of 'name', 'name (2)'… no item of the folder has: a clash would cost sending the bytes again. */
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
 * Uploads one attachment into `folderName` and answers the stored file. Too large a file is refused
 * before anything is sent (`tooLarge` says so in the screen's words); a name taken in the folder
 * gets a number, also when another upload took it meanwhile.
 */
export async function uploadFolderAttachment(
  folderName: string,
  userId: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
  tooLarge: (name: string) => string,
): Promise<StorageItem> {
  const bytes = await attachmentBytes(file);
  if (bytes.size > ATTACHMENT_MAX_BYTES) throw new AttachmentTooLarge(tooLarge(file.name));
  const folderId = await attachmentFolderId(folderName, userId);
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
