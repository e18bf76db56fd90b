import type { StorageItem } from '@contract/files';
import { notify } from '@/lib/notify';
import { saveBlob } from '@/lib/save-blob';
import { fetchFileContent, UploadFailed } from './api/upload-file';
import { forgetFile, keepFile, keptCopy } from './kept-files';

type FileItem = Pick<StorageItem, 'id' | 'name' | 'sha256'>;

/** Saves the file to the device: from its kept copy when it has a current one (offline too), else fetched. */
export async function openFile(userId: string | undefined, item: FileItem): Promise<void> {
  const kept = userId ? await keptCopy(userId, item).catch(() => undefined) : undefined;
  saveBlob(kept ?? (await fetchFileContent(item)), item.name);
}

/** 'Keep on this device' pressed: keeps the file's bytes for offline, or lets them go. */
export async function toggleKept(userId: string | undefined, item: FileItem, kept: boolean): Promise<void> {
  if (!userId) return;
  if (kept) {
    await forgetFile(userId, item.id);
    notify.success(`${item.name} is no longer kept on this device.`);
    return;
  }
  const bytes = await fetchFileContent(item);
  try {
    await keepFile(userId, item, bytes);
  } catch {
    throw new UploadFailed(`This device has no room to keep ${item.name}.`, 0);
  }
  notify.success(`${item.name} is kept on this device: it opens offline.`);
}
