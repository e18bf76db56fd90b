import type { FetchStatus } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';

/*
 * The states a listing shows before its items: its first load failed (the server's message, or the
 * listing's own, with Retry), or it is loading (cards of skeleton lines, or the offline note while no
 * connection can bring them). One piece for every card listing, so they fail and wait alike.
 */

export function FirstLoadFailed({
  error,
  fallback,
  retrying,
  onRetry,
}: {
  error: unknown;
  /** What failed, when the server said nothing: 'The campaigns could not be loaded.' */
  fallback: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="error">{errorMessage(error, fallback)}</Alert>
      <Button variant="secondary" pending={retrying} onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

export function CardGridSkeleton({
  label,
  lines,
  fetchStatus,
  className = 'grid gap-3 md:grid-cols-2 xl:grid-cols-3',
}: {
  /** The status's name: 'Loading campaigns'. */
  label: string;
  /** Each skeleton line's classes (height and width), top to bottom. */
  lines: string[];
  fetchStatus: FetchStatus;
  className?: string;
}) {
  return (
    <LoadingOrOffline fetchStatus={fetchStatus}>
      <div role="status" aria-label={label} className={className}>
        {Array.from({ length: 4 }, (_, i) => (
          <div
            key={i}
            className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
          >
            {lines.map((line, j) => (
              <Skeleton key={j} className={line} />
            ))}
          </div>
        ))}
      </div>
    </LoadingOrOffline>
  );
}
