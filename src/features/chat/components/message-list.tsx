import type { ChatPerson } from '@contract/chat';
import { ArrowDown } from 'lucide-react';
import { Fragment, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { localDayOf, type TimelineItem } from '../message-timeline';
import { MessageItem, type MessageHandlers } from './message-item';

const NEAR_BOTTOM_PX = 48;
/** A run of one author's messages shows their name once, unless a gap this long separates them. */
const GROUP_GAP_MS = 5 * 60_000;

const atOf = (item: TimelineItem) =>
  item.kind === 'sent' ? Date.parse(item.message.createdAt) : item.pending.createdAt;
const authorOf = (item: TimelineItem, viewerId: string) =>
  item.kind === 'sent' ? item.message.authorId : viewerId;
const isOthers = (item: TimelineItem | undefined, viewerId: string) =>
  item?.kind === 'sent' && item.message.authorId !== viewerId;

function dayLabel(at: number) {
  const day = localDayOf(at);
  if (day === localDayOf(Date.now())) return 'Today';
  if (day === localDayOf(Date.now() - 86_400_000)) return 'Yesterday';
  return new Date(at).toLocaleDateString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/**
 * A conversation's messages, oldest first, with a divider per day. It sticks to the bottom as
 * messages arrive, unless the reader scrolled up: then a 'New messages' button says so. The list is
 * a log, but silent: only messages from others are announced (a polite live region of their own),
 * not one's own, not the older pages loaded.
 */
export function MessageList({
  label,
  items,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  viewer,
  people,
  handlers,
  empty,
}: {
  label: string;
  items: TimelineItem[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  viewer: { id: string; name: string };
  people: readonly ChatPerson[];
  handlers: MessageHandlers;
  empty: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const fromEnd = useRef<number | null>(null);
  const lastKey = useRef<string | undefined>(undefined);
  const firstKey = useRef<string | undefined>(undefined);
  const [unseen, setUnseen] = useState(0);
  const [announcement, setAnnouncement] = useState('');

  const toBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(0);
  };

  useLayoutEffect(() => {
    const el = scroller.current;
    const first = items[0]?.key;
    // An older page went in front: keep the messages being read where they were.
    if (first !== firstKey.current && fromEnd.current !== null && el)
      el.scrollTop = el.scrollHeight - fromEnd.current;
    firstKey.current = first;
    fromEnd.current = null;

    const last = items.at(-1);
    if (last?.key === lastKey.current) return;
    const opening = lastKey.current === undefined;
    lastKey.current = last?.key;
    if (!last) return;
    if (opening || atBottom.current || !isOthers(last, viewer.id)) toBottom();
    else setUnseen((n) => n + 1);
    if (!opening && isOthers(last, viewer.id) && last.kind === 'sent')
      setAnnouncement(
        `${last.message.authorName}: ${last.message.deletedAt ? '' : last.message.body.slice(0, 200)}`,
      );
  }, [items, viewer.id]);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={(event) => {
          const el = event.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
          if (atBottom.current && unseen) setUnseen(0);
        }}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 py-2 sm:px-4"
      >
        {hasOlder && (
          <div className="flex justify-center py-2">
            <Button
              variant="secondary"
              pending={loadingOlder}
              onClick={() => {
                const el = scroller.current;
                fromEnd.current = el ? el.scrollHeight - el.scrollTop : null;
                onLoadOlder();
              }}
            >
              Load older messages
            </Button>
          </div>
        )}
        {items.length === 0 && empty}
        <div role="log" aria-live="off" aria-label={`Messages in ${label}`}>
          {items.map((item, i) => {
            const previous = items[i - 1];
            const at = atOf(item);
            const newDay = !previous || localDayOf(atOf(previous)) !== localDayOf(at);
            const showAuthor =
              newDay ||
              !previous ||
              authorOf(previous, viewer.id) !== authorOf(item, viewer.id) ||
              at - atOf(previous) > GROUP_GAP_MS;
            return (
              <Fragment key={item.key}>
                {newDay && (
                  <div role="separator" aria-label={dayLabel(at)} className="my-3 flex items-center gap-3">
                    <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
                    <span aria-hidden className="text-xs font-semibold text-slate-600 dark:text-slate-400">
                      {dayLabel(at)}
                    </span>
                    <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
                  </div>
                )}
                <MessageItem
                  item={item}
                  viewer={viewer}
                  people={people}
                  showAuthor={showAuthor}
                  handlers={handlers}
                />
              </Fragment>
            );
          })}
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {unseen > 0 && (
        <button
          type="button"
          onClick={toBottom}
          className="absolute bottom-3 left-1/2 inline-flex min-h-10 -translate-x-1/2 items-center gap-1 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white shadow-lg hover:bg-brand-700"
        >
          <ArrowDown aria-hidden className="size-4" />
          New messages
        </button>
      )}
    </div>
  );
}
