import type { ChatAttachment } from '@contract/chat';
import { formatBytes } from '@contract/format-bytes';
import { useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { fetchAuthorizedBlob } from '@/lib/authorized-blob';
import { notify } from '@/lib/notify';
import { saveBlob } from '@/lib/save-blob';
import { fetchFileContent } from '@/lib/uploads/small-file';
import { chatQueryKeys } from '../api/query-keys';

const filePath = (fileId: string, what: 'thumbnail' | 'content') =>
  `/files/${encodeURIComponent(fileId)}/${what}`;

function DownloadButton({ attachment }: { attachment: ChatAttachment }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      className="min-h-9 shrink-0 px-3"
      pending={busy}
      aria-label={`Download ${attachment.name}`}
      onClick={() => {
        setBusy(true);
        fetchFileContent({ id: attachment.fileId })
          .then((bytes) => saveBlob(bytes, attachment.name))
          .catch((error: unknown) =>
            notify.error(error instanceof Error ? error.message : 'The file could not be downloaded.'),
          )
          .finally(() => setBusy(false));
      }}
    >
      <Download aria-hidden className="size-4" />
      Download
    </Button>
  );
}

function FileRow({ attachment }: { attachment: ChatAttachment }) {
  return (
    <div className="flex max-w-md min-w-0 items-center gap-2 rounded-lg border border-slate-200 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900">
      <FileText aria-hidden className="size-5 shrink-0 text-slate-500" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{attachment.name}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          {formatBytes(attachment.size)}
        </span>
      </span>
      <DownloadButton attachment={attachment} />
    </div>
  );
}

/** The picture itself, fetched only once its thumbnail is tapped; let go when the dialog closes. */
function FullImage({ attachment }: { attachment: ChatAttachment }) {
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchAuthorizedBlob(filePath(attachment.fileId, 'content'), controller.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted)
          setError(e instanceof Error ? e.message : 'The picture could not be loaded.');
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [attachment.fileId]);
  if (error) return <p role="alert">{error}</p>;
  if (!src) return <p role="status">Loading the picture…</p>;
  return <img src={src} alt={attachment.name} className="mx-auto max-h-[70dvh] w-auto" />;
}

/**
 * A picture's thumbnail (a few KB of WebP from the file layer), never the picture unless tapped: what
 * a phone on a slow connection can afford in a conversation. Without a thumbnail it is a file row.
 */
function ImageAttachment({ attachment }: { attachment: ChatAttachment }) {
  const [open, setOpen] = useState(false);
  const thumbnail = useQuery({
    queryKey: [...chatQueryKeys.all, 'thumbnail', attachment.fileId],
    queryFn: async ({ signal }) =>
      URL.createObjectURL(await fetchAuthorizedBlob(filePath(attachment.fileId, 'thumbnail'), signal)),
    staleTime: Infinity,
    retry: false,
  });
  if (thumbnail.isError) return <FileRow attachment={attachment} />;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      title={attachment.name}
      trigger={
        <button
          type="button"
          aria-label={`Open ${attachment.name}`}
          className="block overflow-hidden rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-700"
        >
          {thumbnail.data ? (
            <img src={thumbnail.data} alt={attachment.name} className="h-32 w-auto max-w-60 object-cover" />
          ) : (
            <span className="block h-32 w-40 animate-pulse bg-slate-200 dark:bg-slate-800" />
          )}
        </button>
      }
    >
      {open && <FullImage attachment={attachment} />}
      <div className="mt-3 flex justify-end">
        <DownloadButton attachment={attachment} />
      </div>
    </Dialog>
  );
}

/** A message's files, under its text: pictures as thumbnails, anything else as a row to download. */
export function MessageAttachments({ attachments }: { attachments: readonly ChatAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Attachments" className="mt-1 flex flex-wrap gap-2">
      {attachments.map((a) => (
        <li key={a.fileId} className="max-w-full min-w-0">
          {a.hasThumbnail && a.contentType.startsWith('image/') ? (
            <ImageAttachment attachment={a} />
          ) : (
            <FileRow attachment={a} />
          )}
        </li>
      ))}
    </ul>
  );
}
