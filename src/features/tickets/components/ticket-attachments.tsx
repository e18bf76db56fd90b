import { formatBytes } from '@contract/format-bytes';
import type { TicketAttachment } from '@contract/tickets';
import { AlertCircle, Download, FileText, Paperclip, RotateCw, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { notify } from '@/lib/notify';
import { saveBlob } from '@/lib/save-blob';
import { fetchFileContent } from '@/lib/uploads/small-file';
import type { PickedAttachment } from '../use-ticket-attachments';

/**
 * 'Attach files': opens the file chooser (several at once). Uploading needs a connection, so offline
 * it is disabled with the reason beside it; the ticket or reply itself still goes through the outbox.
 */
export function AttachFilesButton({
  onChoose,
  full,
  offline,
  noteId,
}: {
  onChoose: (files: File[]) => void;
  full: boolean;
  offline: boolean;
  noteId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col items-start gap-1">
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="ticket-attach-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared, so choosing the same file again (after removing it) fires again.
          event.target.value = '';
          if (files.length) onChoose(files);
        }}
      />
      <Button
        variant="secondary"
        disabled={offline || full}
        aria-describedby={offline ? noteId : undefined}
        title={full ? 'A ticket takes 10 attachments at most.' : undefined}
        onClick={() => input.current?.click()}
      >
        <Paperclip aria-hidden className="size-4" />
        Attach files
      </Button>
      {offline && (
        <NeedsNetworkNote id={noteId} className="text-xs">
          Offline: attaching files needs a connection. What you write is still sent when you are back online.
        </NeedsNetworkNote>
      )}
    </div>
  );
}

/** The files picked for the ticket or reply being written: name, size, progress or failure, remove. */
export function PickedAttachments({
  items,
  onRemove,
  onRetry,
}: {
  items: readonly PickedAttachment[];
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Files to send" className="flex flex-wrap gap-2">
      {items.map((a) => {
        const percent = a.total > 0 ? Math.min(100, Math.round((a.sent / a.total) * 100)) : 0;
        return (
          <li
            key={a.key}
            aria-label={a.file.name}
            className={
              a.state === 'failed'
                ? 'flex w-full min-w-0 flex-col gap-1 rounded-lg border border-red-300 bg-red-50 px-2 py-1 text-sm sm:w-72 dark:border-red-800 dark:bg-red-950/40'
                : 'flex w-full min-w-0 flex-col gap-1 rounded-lg border border-slate-300 bg-slate-50 px-2 py-1 text-sm sm:w-72 dark:border-slate-700 dark:bg-slate-900'
            }
          >
            <div className="flex min-w-0 items-center gap-2">
              <FileText aria-hidden className="size-4 shrink-0 text-slate-500" />
              <span className="min-w-0 flex-1 truncate font-medium">{a.file.name}</span>
              <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                {a.state === 'uploaded' ? formatBytes(a.file.size) : `${percent}%`}
              </span>
              <button
                type="button"
                aria-label={`Remove ${a.file.name}`}
                onClick={() => onRemove(a.key)}
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-slate-200 dark:hover:bg-slate-800"
              >
                <X aria-hidden className="size-4" />
              </button>
            </div>
            {a.state === 'uploading' && (
              <progress
                aria-label={`Uploading ${a.file.name}`}
                max={100}
                value={percent}
                className="h-1.5 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600"
              />
            )}
            {a.state === 'failed' && (
              <div className="flex items-start gap-1 text-xs text-red-800 dark:text-red-300">
                <AlertCircle aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                <span role="alert" className="min-w-0 flex-1">
                  {a.error}
                </span>
                {a.retryable && (
                  <button
                    type="button"
                    onClick={() => onRetry(a.key)}
                    className="inline-flex min-h-8 shrink-0 items-center gap-1 rounded-md px-2 font-semibold text-red-900 hover:bg-red-100 dark:text-red-200 dark:hover:bg-red-900/40"
                  >
                    <RotateCw aria-hidden className="size-3.5" />
                    Retry
                  </button>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function DownloadButton({ attachment }: { attachment: TicketAttachment }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      className="min-h-9 shrink-0 px-3"
      pending={busy}
      aria-label={`Download ${attachment.name}`}
      onClick={() => {
        setBusy(true);
        fetchFileContent({ id: attachment.id })
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

/** A ticket's or a reply's files, each with Download (the bytes come with the user's token). */
export function TicketAttachments({ attachments }: { attachments: readonly TicketAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Attachments" className="mt-2 flex flex-col gap-2">
      {attachments.map((a) => (
        <li
          key={a.id}
          className="flex max-w-md min-w-0 items-center gap-2 rounded-lg border border-slate-200 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
        >
          <FileText aria-hidden className="size-5 shrink-0 text-slate-500" />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{a.name}</span>
            <span className="block text-xs text-slate-600 dark:text-slate-400">{formatBytes(a.size)}</span>
          </span>
          <DownloadButton attachment={a} />
        </li>
      ))}
    </ul>
  );
}
