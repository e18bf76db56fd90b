import type { InAppNotification } from '@contract/campaigns';
import * as RadixDialog from '@radix-ui/react-dialog';
import { Bell, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { fullTime, relativeTime } from '@/components/outbox/format-time';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

/** The badge's text: the count, up to '9+' (the accessible name carries the exact number). */
export const badgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));

/**
 * The portal header's bell: the unread count on it, and a panel of the caller's in-app notifications
 * (a campaign's in-app channel). Opening the panel marks nothing read; a tap on a notification marks
 * that one and unfolds its text, 'Mark all read' the rest.
 *
 * The panel is Radix's non-modal dialog, placed under the header: it is what a popover is (Escape and
 * a click outside close it, focus goes in on opening and back to the bell on closing, the page stays
 * usable), with a title screen readers announce, and it needs no package beyond the dialog already
 * loaded. Bodies are an admin's plain text, rendered as text: never as HTML.
 */
export function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const query = useNotifications();
  const unread = query.data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen} modal={false}>
      <RadixDialog.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          title={label}
          className="relative inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <Bell aria-hidden className="size-5" />
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="notifications-badge"
              className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs leading-5 font-bold text-white"
            >
              {badgeText(unread)}
            </span>
          )}
        </button>
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          // Below the sticky header (2.75rem buttons + padding), against the right edge: on a 360 px
          // phone the bell is not at the edge, so a panel hung from it would leave the screen.
          className="fixed top-16 right-2 z-50 flex max-h-[calc(100dvh-4.5rem)] w-96 max-w-[calc(100vw-1rem)] flex-col rounded-xl border border-slate-200 bg-white text-slate-900 shadow-xl sm:right-4 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <NotificationsPanel query={query} unread={unread} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function NotificationsPanel({
  query,
  unread,
}: {
  query: ReturnType<typeof useNotifications>;
  unread: number;
}) {
  const offline = useOffline();
  const offlineNoteId = useId();
  const markRead = useMarkNotificationsRead();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const closeButton = useRef<HTMLButtonElement>(null);
  const { data, fetchStatus, isFetching, refetch } = query;

  const markAllRead = () => {
    markRead.mutate(
      {},
      {
        onError: (error) =>
          notify.error(errorMessage(error, 'The notifications could not be marked read. Try again.')),
      },
    );
    // The button goes with the last unread one: keep focus in the panel rather than lose it to the page.
    closeButton.current?.focus();
  };

  const open = (notification: InAppNotification) => {
    setExpanded((was) => {
      const next = new Set(was);
      if (!next.delete(notification.id)) next.add(notification.id);
      return next;
    });
    // Offline it unfolds only: it is marked read when opened again with a connection.
    if (notification.readAt === null && !offline) {
      markRead.mutate({ ids: [notification.id] });
    }
  };

  return (
    <>
      <div className="flex items-center gap-1 border-b border-slate-200 py-1 pr-1 pl-4 dark:border-slate-800">
        <RadixDialog.Title className="min-w-0 flex-1 text-base font-bold">Notifications</RadixDialog.Title>
        {unread > 0 && (
          <Button
            variant="ghost"
            className="px-3"
            disabled={offline}
            aria-describedby={offline ? offlineNoteId : undefined}
            onClick={markAllRead}
          >
            Mark all read
          </Button>
        )}
        <RadixDialog.Close
          ref={closeButton}
          aria-label="Close"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <X aria-hidden className="size-5" />
        </RadixDialog.Close>
      </div>
      {offline && unread > 0 && (
        <NeedsNetworkNote
          id={offlineNoteId}
          className="border-b border-slate-200 px-4 py-2 dark:border-slate-800"
        >
          You are offline. Marking read needs a connection.
        </NeedsNetworkNote>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {query.isError && (
          <div
            role="alert"
            className="flex items-center gap-2 px-4 py-3 text-sm text-red-700 dark:text-red-300"
          >
            <p className="min-w-0 flex-1">
              {errorMessage(query.error, 'The notifications could not be loaded.')}
            </p>
            <Button variant="secondary" pending={isFetching} onClick={() => void refetch()}>
              Retry
            </Button>
          </div>
        )}
        {!data && query.isPending && (
          <LoadingOrOffline fetchStatus={fetchStatus}>
            <div role="status" aria-label="Loading notifications" className="flex flex-col gap-3 px-4 py-3">
              {[0, 1, 2].map((i) => (
                <div key={i} className="flex flex-col gap-1.5">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-1/3" />
                  <Skeleton className="h-3 w-full" />
                </div>
              ))}
            </div>
          </LoadingOrOffline>
        )}
        {data && data.items.length === 0 && (
          <p className="px-4 py-6 text-center text-sm text-slate-600 dark:text-slate-300">
            No notifications yet.
          </p>
        )}
        {data && data.items.length > 0 && (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {data.items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                expanded={expanded.has(notification.id)}
                onOpen={() => open(notification)}
              />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function NotificationItem({
  notification,
  expanded,
  onOpen,
}: {
  notification: InAppNotification;
  expanded: boolean;
  onOpen: () => void;
}) {
  const unread = notification.readAt === null;
  const at = Date.parse(notification.createdAt);
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        onClick={onOpen}
        className={cn(
          'flex w-full flex-col gap-0.5 px-4 py-3 text-left hover:bg-slate-50 focus-visible:-outline-offset-2 dark:hover:bg-slate-800',
          unread && 'bg-brand-50 dark:bg-brand-800/30',
        )}
      >
        <span className="flex items-start gap-2">
          <span
            aria-hidden
            className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')}
          />
          <span className={cn('min-w-0 flex-1 text-sm break-words', unread ? 'font-bold' : 'font-medium')}>
            {unread && <span className="sr-only">Unread: </span>}
            {notification.title}
          </span>
        </span>
        <span className="pl-4 text-xs text-slate-600 dark:text-slate-400">
          {notification.from} ·{' '}
          <time dateTime={notification.createdAt} title={fullTime(at)}>
            {relativeTime(at)}
          </time>
        </span>
        <span
          className={cn(
            'pl-4 text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300',
            // line-clamp is a display of its own (-webkit-box): never together with 'block'.
            expanded ? 'block' : 'line-clamp-3',
          )}
        >
          {notification.body}
        </span>
      </button>
    </li>
  );
}
