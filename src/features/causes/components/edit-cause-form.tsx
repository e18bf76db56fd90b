import type { CauseDetail } from '@contract/causes';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { useCause } from '../api/get-cause';
import { useUpdateCause } from '../api/update-cause';
import { causeFormFromDetail } from '../cause-form';
import { CauseForm } from './cause-form';

export function EditCauseForm({
  causeId,
  onSaved,
}: {
  causeId: string;
  onSaved: (cause: CauseDetail) => void;
}) {
  const { data: cause, status, fetchStatus, error, refetch, isRefetching } = useCause(causeId);
  const update = useUpdateCause();
  if (status === 'pending')
    return (
      <LoadingOrOffline fetchStatus={fetchStatus}>
        <div role="status" aria-label="Loading cause" className="flex flex-col gap-4">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-11 w-1/2" />
        </div>
      </LoadingOrOffline>
    );
  if (status === 'error')
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">
          {errorStatus(error) === 404
            ? 'Cause not found.'
            : errorMessage(error, 'The cause could not be loaded.')}
        </Alert>
        {errorStatus(error) !== 404 && (
          <Button variant="secondary" pending={isRefetching} onClick={() => void refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  return (
    <CauseForm
      // A fresh form per loaded version: the defaults are the saved cause.
      key={cause.updatedAt}
      defaultValues={causeFormFromDetail(cause)}
      currencyLocked={cause.raisedMinor > 0 || cause.donorCount > 0}
      submitLabel="Save changes"
      pendingLabel="Saving..."
      onSave={(body, idempotencyKey) => update.mutateAsync({ id: cause.id, body, idempotencyKey })}
      onSaved={(saved) => {
        notify.success('Cause saved.');
        onSaved(saved);
      }}
    />
  );
}
