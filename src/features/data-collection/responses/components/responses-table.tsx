import type { Submission } from '@contract/forms/api';
import type { FormDefinition } from '@contract/forms/definition';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { Inbox } from 'lucide-react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { ListingStatus, MoreRow } from '@/components/listing/listing-results';
import { VirtualGrid } from '@/components/listing/virtual-grid';
import { OfflineListNote } from '@/components/offline-list-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { itemsOf } from '@/lib/listing/paged-query';
import type { MoreState } from '@/lib/listing/use-paged-listing';
import { useResponses } from '../api/get-responses';
import {
  answerAtPath,
  displayValue,
  questionLabel,
  tableQuestions,
  type QuestionInfo,
} from '../form-questions';
import { isFiltered, type ResponsesFilter } from '../responses-filter';
import { formatInstant } from '../format';
import { ReviewStatusBadge } from './review-status-badge';
import { useWideScreen } from '@/lib/use-wide-screen';

const nouns = { one: 'response', many: 'responses' };

export interface ResponsesTableProps {
  formId: string;
  definition: FormDefinition;
  filter: ResponsesFilter;
  language: string | undefined;
  /** Opens a response's detail; `from` is the control pressed, for focus to return to. */
  onOpen: (responseId: string, from: HTMLElement) => void;
  onClearFilters: () => void;
  /** The submitters among the loaded responses, for the filter's choice. */
  onSubmittersSeen?: (submitters: Map<string, string>) => void;
}

/**
 * The responses, newest first, as a table (cards on a phone), loaded page by page as the list's end
 * comes into view; with its count ('50+ responses' while more pages follow), skeleton, empty state,
 * failure with Retry, and offline the note on when the rows shown were saved.
 */
export function ResponsesTable({
  formId,
  definition,
  filter,
  language,
  onOpen,
  onClearFilters,
  onSubmittersSeen,
}: ResponsesTableProps) {
  const query = useResponses(formId, filter);
  const offline = useOffline();
  const items = useMemo(() => itemsOf(query.data), [query.data]);
  const columns = useMemo(() => tableQuestions(definition), [definition]);
  const wide = useWideScreen();

  useEffect(() => {
    if (!items || !onSubmittersSeen) return;
    const seen = new Map<string, string>();
    for (const s of items) if (s.submittedBy) seen.set(s.submittedBy.id, s.submittedBy.name);
    onSubmittersSeen(seen);
  }, [items, onSubmittersSeen]);

  const { hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError, fetchStatus } = query;
  const more: MoreState =
    !items || !hasNextPage
      ? 'none'
      : isFetchNextPageError
        ? 'error'
        : isFetchingNextPage
          ? 'loading'
          : 'idle';
  const loadMore = () => {
    // Never over a fetch in flight (fetchNextPage would cancel it), nor one paused while offline.
    if (hasNextPage && fetchStatus === 'idle') void fetchNextPage();
  };
  const count = items && { n: items.length, exact: !hasNextPage };

  if (query.status === 'error' && !items)
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">{errorMessage(query.error, 'The responses could not be loaded.')}</Alert>
        <Button variant="secondary" pending={query.isFetching} onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );

  return (
    <div className="flex flex-col gap-3">
      <ListingStatus
        count={count}
        nouns={nouns}
        loadingText="Loading responses…"
        updating={query.isFetching && !query.isFetchingNextPage && !!items}
      />
      {offline && items && <OfflineListNote savedAt={query.dataUpdatedAt || undefined} />}
      {!items ? (
        <LoadingOrOffline fetchStatus={fetchStatus}>
          <TableSkeleton />
        </LoadingOrOffline>
      ) : items.length === 0 ? (
        <Card className="flex flex-col items-start gap-3">
          <Inbox aria-hidden className="size-8 text-brand-600 dark:text-brand-100" />
          {isFiltered(filter) ? (
            <>
              <p className="font-semibold">No responses match these filters.</p>
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            </>
          ) : (
            <>
              <p className="font-semibold">No responses yet.</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Responses appear here as soon as they are sent from the form’s fill link.
              </p>
            </>
          )}
        </Card>
      ) : wide ? (
        <TableView
          items={items}
          columns={columns}
          language={language}
          setSize={count?.exact ? items.length : -1}
          onEndReached={more === 'idle' ? loadMore : undefined}
          onOpen={onOpen}
        />
      ) : (
        <VirtualGrid
          items={items}
          getKey={(s) => s.id}
          label="Responses"
          setSize={count?.exact ? items.length : -1}
          estimatedRowPx={180}
          onEndReached={more === 'idle' ? loadMore : undefined}
          renderItem={(s) => (
            <ResponseCard response={s} columns={columns} language={language} onOpen={onOpen} />
          )}
        />
      )}
      <MoreRow more={more} nouns={nouns} onRetry={loadMore} />
    </div>
  );
}

/** The received time as the button that opens the response. */
function OpenButton({
  response,
  onOpen,
  className,
}: {
  response: Submission;
  onOpen: ResponsesTableProps['onOpen'];
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={(e) => onOpen(response.id, e.currentTarget)}
      className={
        className ??
        'min-h-11 text-left font-semibold whitespace-nowrap text-brand-700 underline-offset-2 hover:underline dark:text-brand-100'
      }
    >
      <span className="sr-only">Open the response received </span>
      <time dateTime={response.receivedAt}>{formatInstant(response.receivedAt)}</time>
    </button>
  );
}

const submitterName = (s: Submission) => (s.submittedBy ? s.submittedBy.name || 'A member' : 'Public link');

const cellValue = (column: QuestionInfo, s: Submission, language: string | undefined) =>
  displayValue(column, answerAtPath(s.answers, column.path), language);

/** A response as a card on a phone: when, who, its review state and its first answers. */
function ResponseCard({
  response,
  columns,
  language,
  onOpen,
}: {
  response: Submission;
  columns: readonly QuestionInfo[];
  language: string | undefined;
  onOpen: ResponsesTableProps['onOpen'];
}) {
  return (
    <Card className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <OpenButton response={response} onOpen={onOpen} />
        <ReviewStatusBadge status={response.reviewStatus} />
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">{submitterName(response)}</p>
      <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
        {columns.slice(0, 3).map((column) => (
          <Pair key={column.path} term={questionLabel(column.question, language)}>
            {cellValue(column, response, language) || '—'}
          </Pair>
        ))}
      </dl>
    </Card>
  );
}

function Pair({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="truncate text-slate-600 dark:text-slate-400" title={term}>
        {term}
      </dt>
      <dd className="truncate">{children}</dd>
    </>
  );
}

const ROW_PX = 45;
/** Before the scroller is laid out (or where nothing is, as in tests), a screenful of rows is drawn. */
const UNMEASURED_HEIGHT_PX = 600;
/** Rows from the end at which the next page is asked for, so it usually arrives before it is reached. */
const END_MARGIN_ROWS = 15;

const cellClass = 'px-3 py-2 text-left align-middle whitespace-nowrap';
/** Table cells ignore max-width in automatic layout: the text's own box is capped instead. */
const Clip = ({ children, title }: { children: ReactNode; title?: string }) => (
  <div className="max-w-64 truncate" title={title}>
    {children}
  </div>
);

/**
 * The wide table: a scroller of its own (both ways, header kept in view) whose rows are virtualised,
 * so thousands of responses scroll as fast as fifty. Rows off screen are replaced by two spacer rows;
 * each drawn row keeps its place for assistive technology (aria-rowindex of aria-rowcount).
 */
function TableView({
  items,
  columns,
  language,
  setSize,
  onEndReached,
  onOpen,
}: {
  items: readonly Submission[];
  columns: readonly QuestionInfo[];
  language: string | undefined;
  setSize: number;
  onEndReached: (() => void) | undefined;
  onOpen: ResponsesTableProps['onOpen'];
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer's functions are read fresh on every render here; nothing memoised receives them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 10,
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) =>
        cb(rect.height > 0 ? rect : { width: rect.width, height: UNMEASURED_HEIGHT_PX }),
      ),
  });
  const rows = virtualizer.getVirtualItems();
  const before = rows[0]?.start ?? 0;
  const after = rows.length ? virtualizer.getTotalSize() - rows[rows.length - 1]!.end : 0;
  const lastDrawn = rows.length ? rows[rows.length - 1]!.index : -1;
  const nearEnd = items.length > 0 && lastDrawn >= items.length - 1 - END_MARGIN_ROWS;
  useEffect(() => {
    if (nearEnd) onEndReached?.();
  }, [nearEnd, items.length, onEndReached]);
  const span = columns.length + 3;

  return (
    <div
      ref={scroller}
      role="region"
      aria-label="Responses table"
      // Keyboard users scroll it sideways too (axe: scrollable-region-focusable).
      tabIndex={0}
      className="max-h-[70dvh] min-h-64 overflow-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <table
        className="min-w-full border-separate border-spacing-0 text-sm"
        aria-rowcount={setSize < 0 ? -1 : setSize + 1}
      >
        <caption className="sr-only">Responses, newest first</caption>
        <thead className="sticky top-0 z-10 bg-slate-50 dark:bg-slate-800">
          <tr aria-rowindex={1}>
            <th scope="col" className={`${cellClass} font-semibold`}>
              Received
            </th>
            <th scope="col" className={`${cellClass} font-semibold`}>
              Submitted by
            </th>
            <th scope="col" className={`${cellClass} font-semibold`}>
              Review
            </th>
            {columns.map((column) => {
              const label = questionLabel(column.question, language);
              return (
                <th key={column.path} scope="col" className={`${cellClass} font-semibold`}>
                  <Clip title={label}>{label}</Clip>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden>
              <td colSpan={span} style={{ height: before, padding: 0 }} />
            </tr>
          )}
          {rows.map((row) => {
            const response = items[row.index]!;
            return (
              <tr
                key={response.id}
                ref={virtualizer.measureElement}
                data-index={row.index}
                aria-rowindex={row.index + 2}
                className="border-t border-slate-200 even:bg-slate-50/60 dark:border-slate-800 dark:even:bg-slate-800/40"
              >
                <td className="px-3 py-0.5">
                  <OpenButton response={response} onOpen={onOpen} />
                </td>
                <td className={cellClass}>
                  <Clip>{submitterName(response)}</Clip>
                </td>
                <td className={cellClass}>
                  <ReviewStatusBadge status={response.reviewStatus} />
                </td>
                {columns.map((column) => {
                  const value = cellValue(column, response, language);
                  return (
                    <td key={column.path} className={cellClass}>
                      <Clip title={value || undefined}>{value}</Clip>
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden>
              <td colSpan={span} style={{ height: after, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function TableSkeleton() {
  return (
    <div role="status" aria-label="Loading responses" className="flex flex-col gap-2">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
