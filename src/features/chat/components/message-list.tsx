import type { ChatPerson } from '@contract/chat';
import { defaultRangeExtractor, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown } from 'lucide-react';
import { useEffectEvent, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { localDayOf, type TimelineItem } from '../message-timeline';
import { MessageItem, type MessageHandlers } from './message-item';

const NEAR_BOTTOM_PX = 48;
/** A message's height before it is drawn and measured: one line of text with its author. */
const ESTIMATED_MESSAGE_PX = 64;
/** Before the scroller is laid out (or where nothing is, as in tests), a screenful of messages is drawn. */
const UNMEASURED_HEIGHT_PX = 800;
/** A run of one author's messages shows their name once, unless a gap this long separates them. */
const GROUP_GAP_MS = 5 * 60_000;

const atOf = (item: TimelineItem) =>
  item.kind === 'sent' ? Date.parse(item.message.createdAt) : item.pending.createdAt;
const authorOf = (item: TimelineItem, viewerId: string) =>
  item.kind === 'sent' ? item.message.authorId : viewerId;
const isOthers = (item: TimelineItem | undefined, viewerId: string) =>
  item?.kind === 'sent' && item.message.authorId !== viewerId;

interface ReadingPlace {
  key: string;
  /** Where its row began, from the top of the view (used while it is not drawn). */
  rowTop: number;
  /** Where its message began, from the top of the view: a day's divider above it may come and go. */
  textTop: number;
}

const rowWithKey = (list: HTMLElement, key: string) =>
  [...list.children].find((row): row is HTMLElement => (row as HTMLElement).dataset.key === key);
const textTopOf = (row: HTMLElement) => (row.lastElementChild ?? row).getBoundingClientRect().top;

/** The first message whose row reaches into the view, and where it sits. */
function readingPlace(scroller: HTMLElement, list: HTMLElement): ReadingPlace | null {
  const viewTop = scroller.getBoundingClientRect().top;
  for (const row of list.children as HTMLCollectionOf<HTMLElement>) {
    const box = row.getBoundingClientRect();
    if (box.bottom > viewTop && row.dataset.key)
      return { key: row.dataset.key, rowTop: box.top - viewTop, textTop: textTopOf(row) - viewTop };
  }
  return null;
}

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
 *
 * Virtualised: only the messages near the viewport (and the one holding focus) are in the DOM, so a
 * history of thousands of loaded messages scrolls on a cheap phone as one of fifty does. Messages
 * are measured once drawn; a size that changes above the viewport (an older page's messages, an
 * image's thumbnail) moves the scroll position with it, so what is being read stays put.
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
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** The message at the top of the view and where its text was, while the reader is not at the end. */
  const place = useRef<ReadingPlace | null>(null);
  /** The scroll position this list set itself last: its scroll event is not the reader moving. */
  const setByList = useRef<number | null>(null);
  const lastKey = useRef<string | undefined>(undefined);
  const [unseen, setUnseen] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [listTop, setListTop] = useState(0);
  const [focused, setFocused] = useState<number | null>(null);

  // The virtualizer's functions are read fresh on every render here; nothing memoised receives them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    getItemKey: (index) => items[index]!.key,
    estimateSize: () => ESTIMATED_MESSAGE_PX,
    overscan: 10,
    // The list starts below the 'Load older messages' button, inside the same scroller.
    scrollMargin: listTop,
    // The message holding focus stays drawn while the list scrolls away from it, so focus is not lost.
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      return focused === null || focused >= items.length || indexes.includes(focused)
        ? indexes
        : [...indexes, focused].sort((a, b) => a - b);
    },
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) =>
        cb(rect.height > 0 ? rect : { width: rect.width, height: UNMEASURED_HEIGHT_PX }),
      ),
  });

  // The reading place is kept by this list (the layout effect below), from the text the reader
  // sees; the virtualizer's own correction, from estimates, would fight it.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = () => false;

  const scrollTo = (el: HTMLElement, top: number) => {
    el.scrollTop = top;
    setByList.current = el.scrollTop;
  };

  const toBottom = () => {
    const el = scroller.current;
    if (el) scrollTo(el, el.scrollHeight);
    atBottom.current = true;
    place.current = null;
    setUnseen(0);
  };
  const toBottomOnArrival = useEffectEvent(toBottom);

  // What sits above the list (the button, the empty state) moves where the list starts.
  const showsEmpty = items.length === 0;
  useLayoutEffect(() => {
    setListTop(list.current?.offsetTop ?? 0);
  }, [hasOlder, showsEmpty]);

  // After every change of what is drawn or measured (an older page in front, messages measured
  // taller or shorter than estimated, an image's thumbnail), the reader's view stays put: at the
  // end when they were there, else with the message they were reading where it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !list.current) return;
    if (atBottom.current) {
      if (el.scrollTop + el.clientHeight < el.scrollHeight) scrollTo(el, el.scrollHeight);
      return;
    }
    const at = place.current;
    if (!at) return;
    const viewTop = el.getBoundingClientRect().top;
    const row = rowWithKey(list.current, at.key);
    if (row) {
      const moved = textTopOf(row) - viewTop - at.textTop;
      if (Math.abs(moved) >= 1) scrollTo(el, el.scrollTop + moved);
      return;
    }
    // Not drawn (a page went in front of it): to where the virtualizer places it, then drawn and
    // put exactly where it was on the next pass.
    const index = items.findIndex((item) => item.key === at.key);
    if (index < 0) return;
    list.current.style.height = `${virtualizer.getTotalSize()}px`;
    const start = virtualizer.measurementsCache[index]?.start;
    if (start !== undefined) scrollTo(el, start - at.rowTop);
  });

  useLayoutEffect(() => {
    const last = items.at(-1);
    if (last?.key === lastKey.current) return;
    const opening = lastKey.current === undefined;
    lastKey.current = last?.key;
    if (!last) return;
    if (opening || atBottom.current || !isOthers(last, viewer.id)) toBottomOnArrival();
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
          if (setByList.current !== null && Math.abs(el.scrollTop - setByList.current) < 1) return;
          setByList.current = null;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
          if (atBottom.current && unseen) setUnseen(0);
          place.current = atBottom.current || !list.current ? null : readingPlace(el, list.current);
        }}
        className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 py-2 sm:px-4"
      >
        {hasOlder && (
          <div className="flex justify-center py-2">
            <Button variant="secondary" pending={loadingOlder} onClick={onLoadOlder}>
              Load older messages
            </Button>
          </div>
        )}
        {items.length === 0 && empty}
        <div
          ref={list}
          role="log"
          aria-live="off"
          aria-label={`Messages in ${label}`}
          className="relative"
          style={{ height: virtualizer.getTotalSize() }}
          onFocus={(event) => {
            const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
            if (row) setFocused(Number(row.dataset.index));
          }}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
          }}
        >
          {virtualizer.getVirtualItems().map((row) => {
            const item = items[row.index]!;
            const previous = items[row.index - 1];
            const at = atOf(item);
            const newDay = !previous || localDayOf(atOf(previous)) !== localDayOf(at);
            const showAuthor =
              newDay ||
              !previous ||
              authorOf(previous, viewer.id) !== authorOf(item, viewer.id) ||
              at - atOf(previous) > GROUP_GAP_MS;
            return (
              <div
                key={row.key}
                ref={virtualizer.measureElement}
                data-index={row.index}
                data-key={item.key}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${row.start - listTop}px)` }}
              >
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
              </div>
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
