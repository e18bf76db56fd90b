import { useCallback, useEffect, useRef, useState } from 'react';
import { AttachmentTooLarge } from '@/lib/uploads/folder-attachment';
import { UploadFailed } from '@/lib/uploads/small-file';
import { TICKET_ATTACHMENTS_MAX, uploadTicketAttachment } from './api/upload-ticket-attachment';

export interface PickedAttachment {
  key: string;
  file: File;
  state: 'uploading' | 'uploaded' | 'failed';
  /** Bytes sent so far, of `total`. */
  sent: number;
  total: number;
  /** The file layer's id, once uploaded. */
  fileId?: string;
  error?: string;
  /** Whether Retry can help (not for a file too large, nor a refusal of the role). */
  retryable?: boolean;
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The file could not be uploaded.';

/**
 * The files attached to a ticket or a reply being written: each uploaded as soon as chosen, with its
 * progress; a failure stays on its chip with Retry. Removing one cancels its upload.
 */
export function useTicketAttachments(userId: string) {
  const [items, setItems] = useState<PickedAttachment[]>([]);
  const uploads = useRef(new Map<string, AbortController>());
  const next = useRef(0);

  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const patch = useCallback((key: string, change: Partial<PickedAttachment>) => {
    setItems((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));
  }, []);

  const start = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      uploads.current.set(key, controller);
      patch(key, { state: 'uploading', sent: 0, error: undefined });
      uploadTicketAttachment(
        userId,
        file,
        (p) => patch(key, { sent: p.sent, total: p.total }),
        controller.signal,
      )
        .then((stored) =>
          patch(key, { state: 'uploaded', fileId: stored.id, sent: stored.sizeBytes ?? file.size }),
        )
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          patch(key, {
            state: 'failed',
            error: messageOf(error),
            retryable:
              !(error instanceof AttachmentTooLarge) &&
              !(error instanceof UploadFailed && error.status === 403),
          });
        })
        .finally(() => {
          if (uploads.current.get(key) === controller) uploads.current.delete(key);
        });
    },
    [patch, userId],
  );

  /** Adds the chosen files (up to the contract's limit); answers how many did not fit. */
  const add = useCallback(
    (files: readonly File[]) => {
      const room = Math.max(0, TICKET_ATTACHMENTS_MAX - items.length);
      const taken = files.slice(0, room).map((file): PickedAttachment => ({
        key: `a${++next.current}`,
        file,
        state: 'uploading',
        sent: 0,
        total: file.size,
      }));
      setItems((list) => [...list, ...taken]);
      for (const a of taken) start(a.key, a.file);
      return files.length - taken.length;
    },
    [items.length, start],
  );

  const remove = useCallback((key: string) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    setItems((list) => list.filter((a) => a.key !== key));
  }, []);

  const retry = useCallback(
    (key: string) => {
      const item = items.find((a) => a.key === key);
      if (item) start(key, item.file);
    },
    [items, start],
  );

  /** Removes the files sent (by id): files chosen since that send began stay. */
  const clear = useCallback((sent: readonly string[]) => {
    setItems((list) => list.filter((a) => !a.fileId || !sent.includes(a.fileId)));
  }, []);

  return {
    items,
    add,
    remove,
    retry,
    clear,
    uploading: items.some((a) => a.state === 'uploading'),
    failed: items.some((a) => a.state === 'failed'),
    full: items.length >= TICKET_ATTACHMENTS_MAX,
    /** The ids to send: the uploaded ones, in the order chosen. */
    fileIds: items.flatMap((a) => (a.state === 'uploaded' && a.fileId ? [a.fileId] : [])),
  };
}
