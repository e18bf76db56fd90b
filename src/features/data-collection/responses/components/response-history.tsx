import type { Submission } from '@contract/forms/api';
import type { FormDefinition } from '@contract/forms/definition';
import { useId, useMemo } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useResponseHistory } from '../api/get-response-history';
import { pathLabel, questionAt } from '../answer-tree';
import { displayValue } from '../form-questions';
import { historyEntries, type HistoryEntry, type ReviewState } from '../history-entries';
import { reviewStatusLabel } from '../responses-filter';
import { formatInstant } from '../format';

const stateText = (s: ReviewState) => (s.reviewStatus ? reviewStatusLabel[s.reviewStatus] : 'Unknown');

/** Who changed the response, when, and what: the answers that differ, or the review state. */
export function ResponseHistory({
  formId,
  response,
  definition,
  language,
}: {
  formId: string;
  response: Submission;
  definition: FormDefinition;
  language?: string;
}) {
  const headingId = useId();
  const query = useResponseHistory(formId, response.id, true);
  const entries = useMemo(
    () => (query.data ? historyEntries(response, query.data) : undefined),
    [query.data, response],
  );

  const shown = (path: string, raw: string) => {
    const question = questionAt(definition, path);
    const text = question
      ? displayValue(
          { question, choices: (question.listName && definition.choices[question.listName]) || [] },
          raw,
          language,
        )
      : raw;
    return text || '(no answer)';
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-lg font-bold">
        History
      </h3>
      {query.status === 'pending' && (
        <LoadingOrOffline fetchStatus={query.fetchStatus}>
          <div role="status" aria-label="Loading the history" className="flex flex-col gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        </LoadingOrOffline>
      )}
      {query.status === 'error' && (
        <div className="flex flex-col items-start gap-2">
          <Alert tone="error">{errorMessage(query.error, 'The history could not be loaded.')}</Alert>
          <Button variant="secondary" pending={query.isFetching} onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {entries && entries.length === 0 && (
        <p className="text-sm text-slate-700 dark:text-slate-300">No changes since it was received.</p>
      )}
      {entries && entries.length > 0 && (
        <ol className="flex flex-col gap-3">
          {entries.map((entry) => (
            <li
              key={entry.edit.id}
              className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
            >
              <p>
                <span className="font-semibold">{entry.edit.editedBy?.name || 'Someone'}</span> {what(entry)}
                {' · '}
                <time dateTime={entry.edit.editedAt}>{formatInstant(entry.edit.editedAt)}</time>
              </p>
              {entry.kind === 'review' && (
                <p className="text-slate-700 dark:text-slate-300">
                  {stateText(entry.before)} → {stateText(entry.after)}
                </p>
              )}
              {entry.edit.comment && (
                <p className="mt-1">
                  <span className="font-medium">Comment: </span>
                  {entry.edit.comment}
                </p>
              )}
              {entry.kind === 'answers' &&
                (entry.changes.length === 0 ? (
                  <p className="text-slate-700 dark:text-slate-300">No answer changed.</p>
                ) : (
                  <dl className="mt-1 flex flex-col gap-1">
                    {entry.changes.map((c) => (
                      <div key={c.path}>
                        <dt className="font-medium">{pathLabel(definition, c.path, language)}</dt>
                        <dd>
                          <span className="sr-only">was </span>
                          <del className="text-red-800 dark:text-red-300">{shown(c.path, c.before)}</del>
                          <span aria-hidden> → </span>
                          <span className="sr-only">, now </span>
                          <ins className="text-emerald-800 no-underline dark:text-emerald-300">
                            {shown(c.path, c.after)}
                          </ins>
                        </dd>
                      </div>
                    ))}
                  </dl>
                ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function what(entry: HistoryEntry): string {
  if (entry.kind === 'answers') return 'changed the answers';
  switch (entry.after.reviewStatus) {
    case 'approved':
      return 'approved it';
    case 'rejected':
      return 'rejected it';
    default:
      return 'marked it as received';
  }
}
