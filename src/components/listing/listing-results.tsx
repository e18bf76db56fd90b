import { Loader2 } from 'lucide-react';
import { useDeferredValue, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { OfflineListNote } from '@/components/offline-list-note';
import type { ListingFilter } from '@/lib/listing/listing-definition';
import type { ListingCount, MoreState, PagedListing } from '@/lib/listing/use-paged-listing';
import { VirtualGrid } from './virtual-grid';

/** A listing's words: 'grant' / 'grants', 'blog post' / 'blog posts'. */
export interface ListingNouns {
  one: string;
  many: string;
}

// Made once: toLocaleString() builds a formatter per call, a cost a slow phone feels on each render.
let numberFormat: Intl.NumberFormat | undefined;

/**
 * The result line ('1 grant', '1,234 grants'). While pages not loaded yet may hold more matches of
 * the form's draft, the number is a lower bound: '12+ grants'.
 */
export function countLabel(count: ListingCount, nouns: ListingNouns): string {
  const n = `${(numberFormat ??= new Intl.NumberFormat()).format(count.n)}${count.exact ? '' : '+'}`;
  return count.n === 1 && count.exact ? `1 ${nouns.one}` : `${n} ${nouns.many}`;
}

/** The status line over a listing: its count (or that it loads) and a spinner while it updates. */
export function ListingStatus({
  count,
  nouns,
  loadingText,
  updating,
}: {
  count: ListingCount | undefined;
  nouns: ListingNouns;
  loadingText: string;
  updating: boolean;
}) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <span data-testid="result-count">{count === undefined ? loadingText : countLabel(count, nouns)}</span>
      {updating && (
        <>
          <Loader2 aria-hidden className="size-4 animate-spin" />
          <span className="sr-only">Updating</span>
        </>
      )}
    </p>
  );
}

const rowClass = 'flex flex-wrap items-center justify-center gap-3 px-4 py-4 text-center text-sm';

/** What follows the last card: the next page loading, its failure with Retry, or a narrowed draft's note. */
export function MoreRow({
  more,
  nouns,
  onRetry,
}: {
  more: MoreState;
  nouns: ListingNouns;
  onRetry: () => void;
}) {
  if (more === 'loading')
    return (
      <p data-testid="more-row" className={`${rowClass} text-slate-700 dark:text-slate-300`}>
        <Loader2 aria-hidden className="size-4 animate-spin" />
        Loading more {nouns.many}...
      </p>
    );
  if (more === 'error')
    return (
      <div data-testid="more-row" role="alert" className={`${rowClass} text-red-700 dark:text-red-400`}>
        <span>More {nouns.many} could not be loaded.</span>
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  if (more === 'narrowed')
    return (
      <p data-testid="more-row" className={`${rowClass} text-slate-700 dark:text-slate-300`}>
        These are the matches among the {nouns.many} loaded so far. Press Search to look through all of them.
      </p>
    );
  return null;
}

export interface ListingResultsProps<T> {
  /** What usePagedListing answered. */
  listing: Pick<
    PagedListing<T, ListingFilter>,
    'items' | 'loaded' | 'count' | 'more' | 'loadMore' | 'offline' | 'savedAt'
  >;
  nouns: ListingNouns;
  /** The list's accessible name. */
  label: string;
  /** 'No grants found.' */
  emptyText: string;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  renderSkeleton: () => ReactNode;
  estimatedRowPx: number;
}

/**
 * Offline, the note on what the list shows; then skeleton cards while the first page loads, then the
 * cards (or 'No … found.'), then the more row.
 */
export function ListingResults<T>(props: ListingResultsProps<T>) {
  const { listing } = props;
  return (
    <>
      {listing.offline && listing.loaded !== undefined && <OfflineListNote savedAt={listing.savedAt} />}
      <Results {...props} />
    </>
  );
}

const noItems: readonly never[] = [];

function Results<T>(props: ListingResultsProps<T>) {
  const { count, more, loadMore: onLoadMore } = props.listing;
  const { nouns } = props;
  // The first cards replace the skeleton in a deferred render, which React does in slices a slow
  // phone can scroll and tap between, not in one long task while the page loads. Later pages are not
  // deferred: one arriving at the end of the list must lengthen it in the same render, or a scroll
  // to the end lands short of the new cards while the virtualizer measures.
  const deferred = useDeferredValue(props.listing.items);
  const items = deferred === undefined ? undefined : props.listing.items;
  return (
    <div className="flex flex-col">
      {/* Mounted while the skeleton shows, so it has measured its width and its place on the page
          before the first cards arrive: they are drawn once, where they belong, with no second
          render and layout when the list first measures itself. */}
      <VirtualGrid
        items={items ?? noItems}
        getKey={props.getKey}
        renderItem={props.renderItem}
        label={props.label}
        setSize={count?.exact ? count.n : -1}
        estimatedRowPx={props.estimatedRowPx}
        onEndReached={more === 'idle' ? onLoadMore : undefined}
      />
      {items === undefined ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i}>{props.renderSkeleton()}</div>
          ))}
        </div>
      ) : (
        <>
          {items.length === 0 && (
            <p className="rounded-xl border border-slate-200 bg-white px-4 py-10 text-center text-lg font-semibold text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">
              {props.emptyText}
            </p>
          )}
          <MoreRow more={more} nouns={nouns} onRetry={onLoadMore} />
        </>
      )}
    </div>
  );
}
