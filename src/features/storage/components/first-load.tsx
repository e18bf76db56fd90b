import type { FetchStatus } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';

/**
 * A storage list before its first answer: the failure with Retry, or skeleton rows (or, waiting for a
 * network the device lacks, why nothing comes). `what` names the list: 'files', 'folders', 'links'.
 */
export function FirstLoad({
  query,
  what,
  rows,
  rowClassName,
}: {
  query: { isError: boolean; error: unknown; fetchStatus: FetchStatus; refetch: () => unknown };
  what: string;
  rows: number;
  rowClassName: string;
}) {
  if (query.isError)
    return (
      <Alert tone="error">
        {errorMessage(query.error, `The ${what} could not be loaded.`)}{' '}
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  return (
    <LoadingOrOffline fetchStatus={query.fetchStatus}>
      <div className="flex flex-col gap-2" role="status" aria-label={`Loading ${what}`}>
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className={rowClassName} />
        ))}
      </div>
    </LoadingOrOffline>
  );
}
