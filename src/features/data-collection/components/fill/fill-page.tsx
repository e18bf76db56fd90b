import { Lock } from 'lucide-react';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { titled } from '@/config/page-titles';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { usePublicDefinition } from '../../api/get-public-definition';
import { FormFiller } from './form-filler';

/** /data-collection/forms/{formId}/fill: anyone with the link fills the published form, online or not. */
export function FillPage({ formId }: { formId: string }) {
  const { data, status, fetchStatus, error, refetch, isRefetching } = usePublicDefinition(formId);
  const title = data?.definition.title;
  // The tab and the task switcher name the form being filled (a phone may hold several).
  useEffect(() => {
    if (title) document.title = titled(title);
  }, [title]);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-8">
      {status === 'pending' && (
        <LoadingOrOffline fetchStatus={fetchStatus}>
          <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading the form">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        </LoadingOrOffline>
      )}
      {status === 'error' &&
        (errorStatus(error) === 404 ? (
          <Card>
            <h1 className="text-xl font-bold">This form does not exist</h1>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              The link may be mistyped, or the form was never published. Ask whoever sent it for a new link.
            </p>
          </Card>
        ) : (
          <div className="flex flex-col items-start gap-3">
            <Alert tone="error">{errorMessage(error, 'The form could not be loaded.')}</Alert>
            <Button variant="secondary" pending={isRefetching} onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ))}
      {data && (
        <>
          <header>
            <p className="text-sm font-medium text-brand-700 dark:text-brand-100">{data.ngoName}</p>
            <h1 className="text-2xl font-bold tracking-tight">{data.definition.title}</h1>
          </header>
          {data.status === 'closed' ? (
            <Card className="flex items-start gap-3">
              <Lock aria-hidden className="size-6 text-slate-600" />
              <p>This form is closed and takes no more responses.</p>
            </Card>
          ) : (
            <FormFiller form={data} />
          )}
        </>
      )}
    </div>
  );
}
