import type { StorageItem } from '@contract/files';
import { uploadFolderAttachment } from '@/lib/uploads/folder-attachment';
import type { UploadProgress } from '@/lib/uploads/small-file';

/** contract/tickets.ts's TICKET_ATTACHMENTS_MAX, repeated: that module carries zod. */
export const TICKET_ATTACHMENTS_MAX = 10;
/** The root folder of Cloud Storage that tickets' attachments go to (made by the first one). */
export const TICKETS_FOLDER_NAME = 'Tickets';

/** Uploads one file for a ticket or a reply (POST /files, with progress) and answers the stored file. */
export const uploadTicketAttachment = (
  userId: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
): Promise<StorageItem> =>
  uploadFolderAttachment(
    TICKETS_FOLDER_NAME,
    userId,
    file,
    onProgress,
    signal,
    (name) =>
      `${name} is larger than 10 MB, the most an attachment can be. Upload it to Cloud Storage and describe where it is instead.`,
  );
