import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { useOpenApiDocument } from '../api/get-openapi-document';
import { groupOperations, type OpenApiDocument } from '../openapi';
import { ApiIntro } from './api-intro';
import { ApiOperationCard } from './api-operation';
import { InlineCode } from './inline-code';

const tocLinkClass = 'text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';

function ReferenceSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        Loading the API reference...
      </p>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
        >
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-16 w-full" />
        </div>
      ))}
    </div>
  );
}

function Operations({ document }: { document: OpenApiDocument }) {
  const groups = groupOperations(document);
  const tagId = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  if (groups.length === 0) return <p>The API does not list any operations yet.</p>;
  return (
    <div className="flex flex-col gap-10">
      <nav aria-label="API sections" className="text-sm">
        <p className="text-slate-700 dark:text-slate-300">
          {document.info?.title ?? 'API'}
          {document.info?.version && ` · version ${document.info.version}`}
        </p>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {groups.map((group) => (
            <li key={group.tag}>
              <a href={`#${tagId(group.tag)}`} className={tocLinkClass}>
                {group.tag} ({group.operations.length})
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((group) => (
        <section
          key={group.tag}
          id={tagId(group.tag)}
          aria-labelledby={`${tagId(group.tag)}-title`}
          className="flex scroll-mt-28 flex-col gap-4"
        >
          <div>
            <h2 id={`${tagId(group.tag)}-title`} className="text-2xl font-bold">
              {group.tag}
            </h2>
            {group.description && (
              <p className="mt-1 text-slate-700 dark:text-slate-300">
                <InlineCode text={group.description} />
              </p>
            )}
          </div>
          {group.operations.map((operation) => (
            <ApiOperationCard key={operation.id} operation={operation} />
          ))}
        </section>
      ))}
    </div>
  );
}

/** /api: the intro, then every operation of the live OpenAPI document. */
export function ApiReference() {
  const { data, isError, isFetching, fetchStatus, refetch } = useOpenApiDocument();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 pt-8 pb-16 sm:pt-12">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">API reference</h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
          The HTTP API behind NGO Portal: the same calls the app makes, for your own integrations.
        </p>
      </header>
      <ApiIntro />
      {data ? (
        <Operations document={data} />
      ) : isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">The API reference could not be loaded.</Alert>
          <Button
            variant="secondary"
            pending={isFetching}
            pendingLabel="Retrying..."
            onClick={() => void refetch()}
          >
            Retry
          </Button>
        </div>
      ) : (
        <LoadingOrOffline fetchStatus={fetchStatus}>
          <ReferenceSkeleton />
        </LoadingOrOffline>
      )}
    </div>
  );
}
