import { ChevronRight, KeyRound, Unlock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/components/ui/cn';
import type { ApiOperation, FieldRow } from '../openapi';
import { InlineCode } from './inline-code';

const methodColours: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  POST: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  PUT: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  PATCH: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  DELETE: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
};

function FieldList({ fields }: { fields: FieldRow[] }) {
  return (
    <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
      {fields.map((field) => (
        <li key={`${field.location ?? 'body'}:${field.name}`} className="flex flex-col gap-1 px-3 py-2">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <code className="font-mono font-semibold break-all">{field.name}</code>
            <span className="text-slate-700 dark:text-slate-300">{field.type}</span>
            {field.location && (
              <span className="text-slate-700 dark:text-slate-300">in {field.location}</span>
            )}
            <span
              className={cn(
                'text-xs font-semibold',
                field.required ? 'text-red-800 dark:text-red-300' : 'text-slate-600 dark:text-slate-400',
              )}
            >
              {field.required ? 'required' : 'optional'}
            </span>
          </div>
          {field.constraints.length > 0 && (
            <p className="break-words text-slate-700 dark:text-slate-300">{field.constraints.join('; ')}</p>
          )}
          {field.description && (
            <p className="text-slate-700 dark:text-slate-300">
              <InlineCode text={field.description} />
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

export function ApiOperationCard({ operation }: { operation: ApiOperation }) {
  return (
    <article
      aria-labelledby={`${operation.id}-title`}
      id={operation.id}
      className="scroll-mt-28 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id={`${operation.id}-title`} className="flex flex-wrap items-center gap-2 text-base font-semibold">
        <span
          className={cn(
            'rounded px-2 py-0.5 font-mono text-sm font-bold',
            methodColours[operation.method] ??
              'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
          )}
        >
          {operation.method}
        </span>{' '}
        <code className="font-mono break-all">{operation.path}</code>
      </h3>
      {operation.summary && <p className="mt-2 font-medium">{operation.summary}</p>}
      {operation.description && (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          <InlineCode text={operation.description} />
        </p>
      )}
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
        {operation.requiresBearer ? (
          <>
            <KeyRound aria-hidden className="size-4 text-amber-700 dark:text-amber-300" />
            Requires a bearer token
          </>
        ) : (
          <>
            <Unlock aria-hidden className="size-4 text-slate-600 dark:text-slate-400" />
            No authentication
          </>
        )}
        {operation.deprecated && (
          <span className="font-semibold text-red-800 dark:text-red-300">· Deprecated</span>
        )}
      </p>

      {detailsLabel(operation) && <OperationDetails operation={operation} />}
    </article>
  );
}

/** What the operation's details list, for its disclosure's label; empty when it has none. */
function detailsLabel(operation: ApiOperation) {
  const parts = [
    operation.parameters.length > 0 && 'parameters',
    operation.body && 'request body',
    operation.responses.length > 0 && 'responses',
  ].filter(Boolean);
  const text = parts.join(', ').replace(/, ([^,]*)$/, ' and $1');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Parameters, request body and responses, closed until asked for and only then drawn: the reference
 * lists every operation of the API (over a hundred), and drawing all their fields at once made a
 * page of thousands of elements, slow to lay out on a phone. A link to the operation (#id) opens it.
 */
function OperationDetails({ operation }: { operation: ApiOperation }) {
  const [open, setOpen] = useState(
    () => typeof window !== 'undefined' && window.location.hash === `#${operation.id}`,
  );
  // The browser's own jump to #id happened before the document arrived: the opened operation is shown now.
  useEffect(() => {
    const target = open ? document.getElementById(operation.id) : null;
    // (Test DOMs have no scrolling.)
    if (target && 'scrollIntoView' in target) target.scrollIntoView();
    // Once, when first drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <details className="group mt-3" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="inline-flex min-h-10 cursor-pointer list-none items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-100 [&::-webkit-details-marker]:hidden">
        <ChevronRight aria-hidden className="size-4 transition-transform group-open:rotate-90" />
        {detailsLabel(operation)}
      </summary>
      {open && (
        <>
          {operation.parameters.length > 0 && (
            <div className="mt-2">
              <h4 className="text-sm font-semibold">Parameters</h4>
              <FieldList fields={operation.parameters} />
            </div>
          )}

          {operation.body && (
            <div className="mt-4">
              <h4 className="text-sm font-semibold">
                Request body{' '}
                <span className="font-normal text-slate-700 dark:text-slate-300">
                  ({operation.body.contentType}, {operation.body.required ? 'required' : 'optional'})
                </span>
              </h4>
              <FieldList fields={operation.body.fields} />
            </div>
          )}

          {operation.responses.length > 0 && (
            <div className="mt-4">
              <h4 className="text-sm font-semibold">Responses</h4>
              <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
                {operation.responses.map((response) => (
                  <div key={response.status} className="contents">
                    <dt className="font-mono font-semibold">{response.status}</dt>
                    <dd className="text-slate-700 dark:text-slate-300">
                      <InlineCode text={response.description} />
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
        </>
      )}
    </details>
  );
}
