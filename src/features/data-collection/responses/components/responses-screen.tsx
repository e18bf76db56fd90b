import { Download, SlidersHorizontal } from 'lucide-react';
import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { useFormDetail } from '../../api/get-form';
import { usePublicDefinition } from '../../api/get-public-definition';
import { FormStatusBadge } from '../../components/list/form-status-badge';
import { labelLanguages } from '../form-questions';
import { formatCount } from '../format';
import {
  filterOf,
  RESPONSES_VIEWS,
  type ResponsesFilter,
  type ResponsesSearch,
  type ResponsesView,
} from '../responses-filter';
import { ExportPanel } from './export-panel';
import { ResponseDetailDialog, type ResponsePermissions } from './response-detail-dialog';
import { ResponsesFilters } from './responses-filters';
import { ResponsesTable } from './responses-table';
import { SummaryView } from './summary-view';
import { useWideScreen } from '@/lib/use-wide-screen';

export interface ResponsesScreenProps {
  formId: string;
  /** The URL's search params (responses-filter.ts). */
  search: ResponsesSearch;
  /** Changes the URL: keys given as undefined are removed. */
  onSearchChange: (patch: Partial<ResponsesSearch>, options?: { replace?: boolean }) => void;
  permissions: ResponsePermissions;
}

const viewLabels: Record<ResponsesView, string> = { table: 'Table', summary: 'Summary' };
const noFilter: { [K in keyof Required<ResponsesFilter>]: undefined } = {
  from: undefined,
  to: undefined,
  reviewStatus: undefined,
  submittedBy: undefined,
  question: undefined,
  value: undefined,
};

/**
 * /data-collection/responses/{formId}: a form's responses as a table (or cards on a phone) and as a
 * summary with charts, both under the same filters (kept in the URL), with exports and each response's
 * detail, review, correction and history. A volunteer sees only their own responses (the server's rule).
 */
export function ResponsesScreen({ formId, search, onSearchChange, permissions }: ResponsesScreenProps) {
  const form = useFormDetail(formId);
  const definitionQuery = usePublicDefinition(formId);
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [submitters, setSubmitters] = useState<ReadonlyMap<string, string>>(new Map());
  const [exporting, setExporting] = useState(false);
  // Open at first on a wide screen; on a phone the filters would push the responses off the screen.
  const wide = useWideScreen();
  const [filtering, setFiltering] = useState<boolean | null>(null);
  const showFilters = filtering ?? wide;
  const ids = { tabs: useId(), panel: useId(), export: useId(), filters: useId() };

  const filter = useMemo(() => filterOf(search), [search]);
  // The range counts once; a question with its answer counts once.
  const activeFilters = [
    filter.from || filter.to,
    filter.reviewStatus,
    filter.submittedBy,
    filter.question,
  ].filter(Boolean).length;
  const view: ResponsesView = search.view ?? 'table';
  const published = definitionQuery.data;
  const definition = published?.definition;
  const languages = useMemo(() => (definition ? labelLanguages(definition) : []), [definition]);
  const language = search.lang && languages.includes(search.lang) ? search.lang : definition?.languages[0];
  const title = form.data?.title ?? definition?.title;
  const status = form.data?.status ?? published?.status;

  const onSubmittersSeen = useCallback((seen: Map<string, string>) => {
    // Names seen stay choosable after the filter narrows the list to one of them.
    setSubmitters((known) => {
      if ([...seen].every(([id, name]) => known.get(id) === name)) return known;
      return new Map([...known, ...seen]);
    });
  }, []);

  const applyFilter = (next: ResponsesFilter) => onSearchChange({ ...noFilter, ...next });
  const clearFilters = () => onSearchChange(noFilter);

  const chooseView = (next: ResponsesView) =>
    onSearchChange({ view: next === 'table' ? undefined : next }, { replace: true });
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const i = RESPONSES_VIEWS.indexOf(view);
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -i, End: RESPONSES_VIEWS.length - 1 - i }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = RESPONSES_VIEWS[(i + step + RESPONSES_VIEWS.length) % RESPONSES_VIEWS.length]!;
    chooseView(next);
    requestAnimationFrame(() => document.getElementById(`${ids.tabs}-${next}`)?.focus());
  };

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1
              ref={heading}
              tabIndex={-1}
              className="text-2xl font-bold tracking-tight break-words outline-none sm:text-3xl"
            >
              {title ?? 'Form responses'}
            </h1>
            {status && <FormStatusBadge status={status} />}
          </div>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            {permissions.readAll
              ? form.data
                ? `${form.data.responseCount === 1 ? '1 response' : `${formatCount(form.data.responseCount)} responses`} in all${published ? ` · version ${published.version} published` : ''}`
                : 'Responses to this form'
              : 'Your responses to this form'}
          </p>
        </div>
        {definition && (
          <div className="flex flex-wrap items-end gap-2">
            {languages.length > 1 && (
              <SelectField
                label="Labels in"
                value={language}
                onChange={(e) => onSearchChange({ lang: e.target.value }, { replace: true })}
              >
                {languages.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </SelectField>
            )}
            <Button
              variant="secondary"
              aria-expanded={showFilters}
              aria-controls={showFilters ? ids.filters : undefined}
              onClick={() => setFiltering(!showFilters)}
            >
              <SlidersHorizontal aria-hidden className="size-4" />
              Filters
              {activeFilters > 0 && (
                <span className="rounded-full bg-brand-600 px-2 text-xs text-white">
                  {activeFilters}
                  <span className="sr-only"> applied</span>
                </span>
              )}
            </Button>
            <Button
              variant="secondary"
              aria-expanded={exporting}
              aria-controls={exporting ? ids.export : undefined}
              onClick={() => setExporting((e) => !e)}
            >
              <Download aria-hidden className="size-4" />
              Export
            </Button>
          </div>
        )}
      </header>

      {definitionQuery.status === 'error' && !definition ? (
        errorStatus(definitionQuery.error) === 404 ? (
          <Alert tone="info">This form has not been published yet, so it has no responses.</Alert>
        ) : (
          <div className="flex flex-col items-start gap-3">
            <Alert tone="error">{errorMessage(definitionQuery.error, 'The form could not be loaded.')}</Alert>
            <Button
              variant="secondary"
              pending={definitionQuery.isFetching}
              onClick={() => void definitionQuery.refetch()}
            >
              Retry
            </Button>
          </div>
        )
      ) : !definition ? (
        <LoadingOrOffline fetchStatus={definitionQuery.fetchStatus}>
          <div role="status" aria-label="Loading the form" className="flex flex-col gap-3">
            <Skeleton className="h-11 w-48" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        </LoadingOrOffline>
      ) : (
        <>
          {exporting && (
            <div id={ids.export}>
              <ExportPanel formId={formId} definition={definition} filter={filter} language={language} />
            </div>
          )}
          {showFilters && (
            <div id={ids.filters}>
              <ResponsesFilters
                definition={definition}
                language={language}
                filter={filter}
                submitters={submitters}
                showSubmitter={permissions.readAll}
                onApply={applyFilter}
                onClear={clearFilters}
              />
            </div>
          )}
          <div
            role="tablist"
            aria-label="Views of the responses"
            className="flex gap-1 border-b border-slate-200 dark:border-slate-800"
          >
            {RESPONSES_VIEWS.map((v) => (
              <button
                key={v}
                id={`${ids.tabs}-${v}`}
                type="button"
                role="tab"
                aria-selected={view === v}
                aria-controls={`${ids.panel}-${v}`}
                tabIndex={view === v ? 0 : -1}
                onKeyDown={onTabKey}
                onClick={() => chooseView(v)}
                className={cn(
                  '-mb-px min-h-11 border-b-2 px-4 text-sm font-semibold',
                  view === v
                    ? 'border-brand-600 text-brand-700 dark:border-brand-100 dark:text-brand-100'
                    : 'border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                )}
              >
                {viewLabels[v]}
              </button>
            ))}
          </div>
          {RESPONSES_VIEWS.map((v) => (
            <div
              key={v}
              id={`${ids.panel}-${v}`}
              role="tabpanel"
              aria-labelledby={`${ids.tabs}-${v}`}
              hidden={view !== v}
            >
              {view === v &&
                (v === 'table' ? (
                  <ResponsesTable
                    formId={formId}
                    definition={definition}
                    filter={filter}
                    language={language}
                    onOpen={(id, from) => {
                      opener.current = from;
                      onSearchChange({ response: id });
                    }}
                    onClearFilters={clearFilters}
                    onSubmittersSeen={onSubmittersSeen}
                  />
                ) : (
                  <SummaryView formId={formId} definition={definition} filter={filter} language={language} />
                ))}
            </div>
          ))}
          <ResponseDetailDialog
            formId={formId}
            responseId={search.response}
            definition={definition}
            language={language}
            permissions={permissions}
            onClose={() => onSearchChange({ response: undefined }, { replace: true })}
            onCloseAutoFocus={(event) => {
              // Back to the row that opened it; a link opened straight onto a response starts from the heading.
              event.preventDefault();
              (opener.current?.isConnected ? opener.current : heading.current)?.focus();
            }}
          />
        </>
      )}
    </div>
  );
}
