import type { FormDefinition } from '@contract/forms/definition';
import { useId, useMemo } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { savedResultsLabel } from '@/lib/saved-label';
import type { QuestionSummary } from '@contract/forms/summary';
import { useSummary } from '../api/get-summary';
import { choiceRows } from '../chart-data';
import { answerQuestions, questionLabel, type QuestionInfo } from '../form-questions';
import { formatCount, formatPercent } from '../format';
import { isFiltered, type ResponsesFilter } from '../responses-filter';
import { ChoiceBars } from './choice-bars';
import { HistogramChart } from './histogram-chart';
import { PositionsPlot } from './positions-plot';

/**
 * What the responses say, question by question, over every response the filters match (the server
 * counts them all, not only the pages loaded): choices as bars, numbers as histograms, GPS answers as
 * a plot, and for every question how many answered.
 */
export function SummaryView({
  formId,
  definition,
  filter,
  language,
}: {
  formId: string;
  definition: FormDefinition;
  filter: ResponsesFilter;
  language: string | undefined;
}) {
  const query = useSummary(formId, filter);
  const offline = useOffline();
  const infos = useMemo(() => new Map(answerQuestions(definition).map((q) => [q.path, q])), [definition]);

  if (query.status === 'error' && !query.data)
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">{errorMessage(query.error, 'The summary could not be loaded.')}</Alert>
        <Button variant="secondary" pending={query.isFetching} onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  if (!query.data)
    return (
      <LoadingOrOffline fetchStatus={query.fetchStatus}>
        <div role="status" aria-label="Loading the summary" className="grid gap-4 md:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <Card key={i} className="flex flex-col gap-3">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-32 w-full" />
            </Card>
          ))}
        </div>
      </LoadingOrOffline>
    );

  const summary = query.data;
  const questions = summary.questions.filter((q) => infos.has(q.path));
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {summary.responses === 1
          ? 'Summary of 1 response'
          : `Summary of ${formatCount(summary.responses)} responses`}
        {isFiltered(filter) && ' matching the filters'}
        {query.isPlaceholderData && ' (updating…)'}
      </p>
      {offline && (
        <p className="-mt-2 text-sm font-medium text-amber-800 dark:text-amber-200">
          {savedResultsLabel(query.dataUpdatedAt)}
        </p>
      )}
      {summary.responses === 0 ? (
        <Card>
          <p className="font-semibold">
            {isFiltered(filter) ? 'No responses match these filters.' : 'No responses to sum up yet.'}
          </p>
        </Card>
      ) : (
        // Dense: a half-width card fills the gap a full-width chart leaves beside the one before it.
        <div className="grid grid-flow-row-dense items-start gap-4 md:grid-cols-2">
          {questions.map((q) => (
            <QuestionCard key={q.path} summary={q} info={infos.get(q.path)!} language={language} />
          ))}
        </div>
      )}
    </div>
  );
}

function QuestionCard({
  summary,
  info,
  language,
}: {
  summary: QuestionSummary;
  info: QuestionInfo;
  language: string | undefined;
}) {
  const headingId = useId();
  const label = questionLabel(info.question, language);
  const parents = info.parents.map((p) => questionLabel(p, language)).join(' › ');
  const whole = info.inRepeat ? 'entries' : 'responses';
  const share = summary.total ? summary.answered / summary.total : 0;
  const wide = summary.histogram !== undefined || summary.points !== undefined;
  return (
    <Card className={`flex min-w-0 flex-col gap-3 ${wide ? 'md:col-span-2' : ''}`}>
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <div>
          {parents && <p className="text-xs text-slate-600 dark:text-slate-400">{parents}</p>}
          <h2 id={headingId} className="text-base font-semibold break-words">
            {label}
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {formatCount(summary.answered)} of {formatCount(summary.total)} {whole} answered (
            {formatPercent(share)})
          </p>
        </div>
        {summary.counts !== undefined &&
          (summary.answered > 0 ? (
            <ChoiceBars rows={choiceRows(summary, info.choices, language)} label={label} />
          ) : null)}
        {summary.histogram !== undefined && summary.histogram.length > 0 && (
          <HistogramChart bins={summary.histogram} type={summary.type} label={label} />
        )}
        {summary.points !== undefined && summary.answered > 0 && (
          <PositionsPlot points={summary.points} answered={summary.answered} label={label} />
        )}
      </section>
    </Card>
  );
}
