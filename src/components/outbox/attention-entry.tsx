import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { queuedMessage, type OutboxBody, type OutboxEntry, type SubmitResult } from '@/lib/outbox';
import { fullTime } from './format-time';
import { EntryEditForm } from './entry-edit-form';
import { EntryFields } from './entry-fields';

interface AttentionEntryProps {
  entry: OutboxEntry;
  online: boolean;
  onRetry: (id: string, body?: OutboxBody) => Promise<SubmitResult>;
  onRemove: (id: string) => Promise<void>;
  onExport: (id: string) => Promise<void>;
  /** Called once the entry has left the list (sent or deleted), so focus has somewhere to go. */
  onGone: () => void;
}

type Mode = 'view' | 'edit' | 'confirm-delete';

/** One write the server refused: what it holds, why it was refused, and what the user can do. */
export function AttentionEntry({ entry, online, onRetry, onRemove, onExport, onGone }: AttentionEntryProps) {
  const [mode, setMode] = useState<Mode>('view');
  const [pending, setPending] = useState(false);
  const headingId = useId();
  const offlineNoteId = useId();
  const item = useRef<HTMLLIElement>(null);
  const focusButton = (name: string) =>
    item.current?.querySelector<HTMLButtonElement>(`[data-action="${name}"]`)?.focus();
  const previousMode = useRef<Mode>(mode);

  // The confirmation takes focus; leaving it gives focus back to the Delete button.
  useEffect(() => {
    if (mode === 'confirm-delete') focusButton('confirm-delete');
    else if (previousMode.current === 'confirm-delete') focusButton('delete');
    previousMode.current = mode;
  }, [mode]);

  const retry = async (body?: OutboxBody) => {
    setPending(true);
    try {
      const result = await onRetry(entry.id, body);
      if (result.status === 'sent') {
        notify.success(`${entry.label} sent.`);
        onGone();
      } else if (result.status === 'queued') {
        notify.message(queuedMessage(entry.label.toLowerCase(), result.reason));
        onGone();
      } else {
        setMode(result.error.fields ? 'edit' : 'view');
      }
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    await onRemove(entry.id);
    onGone();
  };

  return (
    <li
      ref={item}
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <div>
        <h4 id={headingId} className="font-semibold">
          {entry.label}
        </h4>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Written <time dateTime={new Date(entry.createdAt).toISOString()}>{fullTime(entry.createdAt)}</time>
        </p>
      </div>
      <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
        {entry.lastError?.status ? `The server refused it (${entry.lastError.status}): ` : 'Not sent: '}
        {entry.lastError?.message ?? 'unknown error.'}
      </p>
      {mode === 'edit' ? (
        <EntryEditForm
          entry={entry}
          pending={pending}
          onSubmit={(body) => void retry(body)}
          onCancel={() => setMode('view')}
        />
      ) : (
        <EntryFields entry={entry} />
      )}
      {mode === 'confirm-delete' ? (
        <div role="group" aria-label="Confirm delete" className="flex flex-col gap-2">
          <p className="text-sm font-medium">
            Delete this {entry.label.toLowerCase()}? It will never be sent.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button data-action="confirm-delete" variant="danger" onClick={() => void remove()}>
              Delete for good
            </Button>
            <Button variant="secondary" onClick={() => setMode('view')}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        mode === 'view' && (
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => void retry()}
              pending={pending}
              pendingLabel="Sending..."
              disabled={!online}
              aria-describedby={online ? undefined : offlineNoteId}
            >
              Retry
            </Button>
            <Button variant="secondary" onClick={() => setMode('edit')}>
              Edit
            </Button>
            <Button variant="secondary" onClick={() => void onExport(entry.id)}>
              Export
            </Button>
            <Button data-action="delete" variant="ghost" onClick={() => setMode('confirm-delete')}>
              Delete
            </Button>
            {!online && (
              <p id={offlineNoteId} className="w-full text-sm text-slate-600 dark:text-slate-400">
                You're offline: retry once the connection is back.
              </p>
            )}
          </div>
        )
      )}
    </li>
  );
}
