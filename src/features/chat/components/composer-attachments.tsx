import { formatBytes } from '@contract/format-bytes';
import { AlertCircle, FileText, Paperclip, RotateCw, X } from 'lucide-react';
import { useRef } from 'react';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import type { ComposerAttachment } from '../use-attachments';

/**
 * 'Attach files': a paperclip opening the file chooser (several at once). Uploading needs a
 * connection, so offline it is disabled with the reason beside it; typing and sending still work.
 */
export function AttachButton({
  onChoose,
  full,
  offline,
  noteId,
}: {
  onChoose: (files: File[]) => void;
  full: boolean;
  offline: boolean;
  /** The offline note's id (OfflineAttachNote). */
  noteId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="chat-attach-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared, so choosing the same file again (after removing it) fires again.
          event.target.value = '';
          if (files.length) onChoose(files);
        }}
      />
      <button
        type="button"
        aria-label="Attach files"
        title={full ? 'A message takes 10 attachments at most.' : 'Attach files'}
        disabled={offline || full}
        aria-describedby={offline ? noteId : undefined}
        onClick={() => input.current?.click()}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-slate-400 dark:text-slate-200 dark:hover:bg-slate-800 dark:disabled:text-slate-600"
      >
        <Paperclip aria-hidden className="size-5" />
      </button>
    </>
  );
}

export const OfflineAttachNote = ({ id }: { id: string }) => (
  <NeedsNetworkNote id={id} className="mt-1 px-1 text-xs">
    Offline: attaching files needs a connection. Messages still send when you are back online.
  </NeedsNetworkNote>
);

/** The files attached to the message being written: name, size, progress or failure, remove. */
export function AttachmentChips({
  items,
  onRemove,
  onRetry,
}: {
  items: readonly ComposerAttachment[];
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Files to send" className="mb-2 flex flex-wrap gap-2">
      {items.map((a) => {
        const percent = a.total > 0 ? Math.min(100, Math.round((a.sent / a.total) * 100)) : 0;
        return (
          <li
            key={a.key}
            aria-label={a.file.name}
            className={
              a.state === 'failed'
                ? 'flex max-w-full min-w-0 flex-col gap-1 rounded-lg border border-red-300 bg-red-50 px-2 py-1 text-sm sm:max-w-xs dark:border-red-800 dark:bg-red-950/40'
                : 'flex max-w-full min-w-0 flex-col gap-1 rounded-lg border border-slate-300 bg-slate-50 px-2 py-1 text-sm sm:max-w-xs dark:border-slate-700 dark:bg-slate-900'
            }
          >
            <div className="flex min-w-0 items-center gap-2">
              <FileText aria-hidden className="size-4 shrink-0 text-slate-500" />
              <span className="min-w-0 flex-1 truncate font-medium">{a.file.name}</span>
              <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                {formatBytes(a.file.size)}
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
