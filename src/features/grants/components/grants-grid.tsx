import type { GrantSummary } from '@contract/grants';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { GrantCard } from './grant-card';

/** Column count for the list's width: cards stay readable (about 300px at least) on every screen. */
export function columnsForWidth(width: number): number {
  if (width >= 940) return 3;
  if (width >= 600) return 2;
  return 1;
}

/** A card row's height before it is measured; close to the real one, so the scrollbar barely moves. */
const ESTIMATED_ROW_PX = 470;

/**
 * The grants as rows of cards, virtualised against the window: only the rows near the viewport
 * are in the DOM, so 10,000 grants scroll and filter as fast as 20. Rows are measured once drawn
 * (titles wrap differently), and the column count follows the list's own width.
 */
export function GrantsGrid({ grants }: { grants: readonly GrantSummary[] }) {
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
  const rowCount = Math.ceil(grants.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 2,
    scrollMargin,
  });

  return (
    <div
      ref={listRef}
      role="list"
      aria-label="Grants"
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => {
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
            {grants.slice(first, first + columns).map((grant, i) => (
              <div
                key={grant.id}
                role="listitem"
                aria-posinset={first + i + 1}
                aria-setsize={grants.length}
                className="min-w-0"
              >
                <GrantCard grant={grant} />
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
