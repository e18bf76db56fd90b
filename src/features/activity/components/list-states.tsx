import type { FetchStatus } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';

/** A list's first load: skeleton cards, or why nothing comes while offline. */
export function ListLoading({ label, fetchStatus }: { label: string; fetchStatus: FetchStatus }) {
  return (
    <LoadingOrOffline fetchStatus={fetchStatus}>
      <div role="status" aria-label={label} className="flex flex-col gap-3">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    </LoadingOrOffline>
  );
}

/** A failed load with its reason and a Retry. */
export function ListError({
  error,
  fallback,
  onRetry,
  retrying,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert tone="error">
      <span className="flex flex-wrap items-center gap-3">
        {errorMessage(error, fallback)}
        <Button variant="secondary" onClick={onRetry} pending={retrying}>
          Retry
        </Button>
      </span>
    </Alert>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
      {children}
    </p>
  );
}

/** 'Load more' under a paged list. */
export function LoadMore({
  hasNext,
  fetching,
  onMore,
}: {
  hasNext: boolean;
  fetching: boolean;
  onMore: () => void;
}) {
  if (!hasNext) return null;
  return (
    <Button variant="secondary" className="self-center" onClick={onMore} pending={fetching}>
      Load more
    </Button>
  );
}
