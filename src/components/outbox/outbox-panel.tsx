import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { SideQueueItem, useOutbox } from '@/lib/outbox';
import { fullTime, relativeTime } from './format-time';
import { AttentionEntry } from './attention-entry';

type OutboxState = ReturnType<typeof useOutbox>;

/** Re-renders every half minute, so '2 minutes ago' does not stay 'now'. */
function useNow(intervalMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** When an item was saved on the device: '2 minutes ago', the full time on hover. */
function SavedAt({ at, now }: { at: number; now: number }) {
  return (
    <span className="text-slate-600 dark:text-slate-400">
      {' '}
      · saved{' '}
      <time dateTime={new Date(at).toISOString()} title={fullTime(at)}>
        {relativeTime(at, now)}
      </time>
    </span>
  );
}

/**
 * The body of the outbox dialog: state, 'Sync now', and the needs-attention list. `sideItems`: what
 * features send from stores of their own (files to upload), listed with a link to their screen.
 */
export function OutboxPanel({
  state,
  sideItems = [],
  online,
  onNavigate,
}: {
  state: OutboxState;
  sideItems?: readonly SideQueueItem[];
  online: boolean;
  /** A link to another screen was followed (the dialog closes). */
  onNavigate?: () => void;
}) {
  const now = useNow();
  const offlineNoteId = useId();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const { waiting, attention, lastSyncAt, flushing } = state;
  const pending = state.pending + sideItems.length;
  // The entry holding focus has just left the list. Radix moves focus to the dialog itself when
  // the focused element disappears; after that (next task), put it on the list's heading instead.
  const focusListHeading = () => setTimeout(() => listHeading.current?.focus(), 0);

  return (
    <div className="flex flex-col gap-5">
      <section aria-label="Sync" className="flex flex-col gap-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-slate-700 dark:text-slate-300">Waiting to send</dt>
          <dd data-testid="outbox-pending-count">{pending}</dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">Last sync</dt>
          <dd>
            {lastSyncAt ? (
              <time dateTime={new Date(lastSyncAt).toISOString()} title={fullTime(lastSyncAt)}>
                {relativeTime(lastSyncAt, now)}
              </time>
            ) : (
              'Never on this device'
            )}
          </dd>
        </dl>
        {(waiting.length > 0 || sideItems.length > 0) && (
          <ul aria-label="Waiting to send" className="flex flex-col gap-1 text-sm">
            {waiting.map((entry) => (
              <li key={entry.id} className="rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800">
                <span className="font-medium">{entry.label}</span>
                <SavedAt at={entry.createdAt} now={now} />
              </li>
            ))}
            {sideItems.map((item) => (
              <li key={item.id} className="rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800">
                <span className="font-medium">{item.label}</span>
                <SavedAt at={item.createdAt} now={now} />
                {' · '}
                <Link
                  to={item.href}
                  onClick={onNavigate}
                  className="text-brand-700 dark:text-brand-300 font-medium underline"
                >
                  {item.action}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-col gap-1">
          <Button
            className="sm:self-start"
            onClick={() => void state.syncNow()}
            disabled={!online}
            pending={flushing}
            pendingLabel="Syncing..."
            aria-describedby={online ? undefined : offlineNoteId}
          >
            Sync now
          </Button>
          {!online && (
            <p id={offlineNoteId} className="text-sm text-slate-600 dark:text-slate-400">
              You're offline. Waiting items are sent by themselves when the connection is back.
            </p>
          )}
        </div>
      </section>

      <section aria-labelledby={`${offlineNoteId}-attention`} className="flex flex-col gap-3">
        <h3
          id={`${offlineNoteId}-attention`}
          ref={listHeading}
          tabIndex={-1}
          className="text-base font-bold outline-none"
        >
          Needs attention ({attention.length})
        </h3>
        {attention.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Nothing needs your attention.</p>
        ) : (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              The server refused these. They stay here until you retry, fix or delete them.
            </p>
            <ul className="flex flex-col gap-3">
              {attention.map((entry) => (
                <AttentionEntry
                  key={entry.id}
                  entry={entry}
                  online={online}
                  onRetry={state.retry}
                  onRemove={state.remove}
                  onExport={state.exportJson}
                  onGone={focusListHeading}
                />
              ))}
            </ul>
          </>
        )}
      </section>

      {(pending > 0 || attention.length > 0) && (
        <Button variant="secondary" className="sm:self-start" onClick={() => void state.exportJson()}>
          Export all as JSON
        </Button>
      )}
    </div>
  );
}
