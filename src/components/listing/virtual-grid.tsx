import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/** Column count for the list's width: cards stay readable (about 300px at least) on every screen. */
export function columnsForWidth(width: number): number {
  if (width >= 940) return 3;
  if (width >= 600) return 2;
  return 1;
}

export interface VirtualGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** The list's accessible name ('Grants', 'Blog posts'). */
  label: string;
  /** aria-setsize of each item: the number of items in the whole list, -1 when not known yet. */
  setSize: number;
  /** A card row's height before it is measured; close to the real one, so the scrollbar barely moves. */
  estimatedRowPx: number;
  /** Called while the last rows are in view (or near it): the next page should load. */
  onEndReached?: () => void;
}

/** Rows from the end at which the next page is asked for, so it usually arrives before it is reached. */
const END_MARGIN_ROWS = 3;

/**
 * Items as rows of cards, virtualised against the window: only the rows near the viewport are in the
 * DOM, so 10,000 items scroll and filter as fast as 20. Rows are measured once drawn (titles wrap
 * differently) and the column count follows the list's own width. It stays a list for assistive
 * technology (role list/listitem with each item's position), and the rows beyond the one holding
 * focus are always drawn, so Tab walks from card to card while the page scrolls.
 */
export function VirtualGrid<T>(props: VirtualGridProps<T>) {
  return useHydrated() ? <WindowGrid {...props} /> : <ArrivedGrid {...props} />;
}

/** Cards a page arrived with, drawn before its code runs (ADR 0028): enough to fill the first screens. */
const ARRIVED_ITEMS = 9;

/**
 * Before hydration, the first items as a plain responsive grid: the server knows neither the
 * window nor the list's width, and a page hydrated only when first used must look right until then.
 * Hydration renders the same; the window's grid takes over right after.
 */
function ArrivedGrid<T>({ items, getKey, renderItem, label, setSize }: VirtualGridProps<T>) {
  return (
    <div
      role={items.length ? 'list' : undefined}
      aria-label={items.length ? label : undefined}
      className={items.length ? 'grid w-full gap-6 pb-6 sm:grid-cols-2 lg:grid-cols-3' : 'w-full'}
    >
      {items.slice(0, ARRIVED_ITEMS).map((item, i) => (
        <Cell key={getKey(item)} item={item} renderItem={renderItem} position={i + 1} setSize={setSize} />
      ))}
    </div>
  );
}

function WindowGrid<T>({
  items,
  getKey,
  renderItem,
  label,
  setSize,
  estimatedRowPx,
  onEndReached,
}: VirtualGridProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [scrollMargin, setScrollMargin] = useState(0);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    // The virtualiser places rows from the list's distance to the top of the page, which changes
    // with what sits above it (an error line under the filters, the window's width): the column
    // holding both is watched along with the list's own width.
    const measure = () => {
      const rect = el.getBoundingClientRect();
      setWidth(rect.width);
      setScrollMargin(Math.round(rect.top + window.scrollY));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.parentElement) observer.observe(el.parentElement);
    return () => observer.disconnect();
  }, []);

  const columns = columnsForWidth(width);
  const rowCount = Math.ceil(items.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimatedRowPx,
    overscan: 2,
    scrollMargin,
  });
  const rows = virtualizer.getVirtualItems();

  const lastDrawn = rows.length ? rows[rows.length - 1]!.index : -1;
  const nearEnd = rowCount > 0 && lastDrawn >= rowCount - 1 - END_MARGIN_ROWS;
  useEffect(() => {
    if (nearEnd) onEndReached?.();
  }, [nearEnd, rowCount, onEndReached]);

  return (
    <div
      ref={listRef}
      // An empty list (the skeleton or 'No … found.' shows instead) is no list to assistive technology.
      role={items.length ? 'list' : undefined}
      aria-label={items.length ? label : undefined}
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {rows.map((row) => {
        const first = row.index * columns;
        return (
          <div
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            role="none"
            className="absolute top-0 left-0 grid w-full gap-6 pb-6"
            style={{
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            {items.slice(first, first + columns).map((item, i) => (
              <Cell
                key={getKey(item)}
                item={item}
                renderItem={renderItem}
                position={first + i + 1}
                setSize={setSize}
              />
            ))}
          </div>
        );
      })}
    </div>
  );
}

interface CellProps<T> {
  item: T;
  renderItem: (item: T) => ReactNode;
  position: number;
  setSize: number;
}

/**
 * One card, drawn again only when its item or place changes: the grid re-renders as the list is
 * measured and scrolled, and redrawing every visible card each time is work a slow phone feels.
 */
const Cell = memo(function Cell<T>({ item, renderItem, position, setSize }: CellProps<T>) {
  return (
    <div role="listitem" aria-posinset={position} aria-setsize={setSize} className="min-w-0">
      {renderItem(item)}
    </div>
  );
}) as <T>(props: CellProps<T>) => ReactNode;
