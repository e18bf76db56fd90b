import type { CauseSummary } from '@contract/causes';
import { Link } from '@tanstack/react-router';
import { HandHeart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { useCauses } from '../api/get-causes';
import { CauseProgress } from './cause-progress';
import { CauseStatusBadge } from './cause-status-badge';

/** /causes: the NGO's fundraising causes, newest first, each with its progress and donor count. */
export function CausesListing({ actions, emptyAction }: { actions?: ReactNode; emptyAction?: ReactNode }) {
  const { data, status, fetchStatus, error, refetch, isRefetching } = useCauses();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Fundraise</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Your organisation&apos;s causes and what each has raised so far.
          </p>
        </div>
        {actions}
      </header>
      {status === 'pending' && (
        <LoadingOrOffline fetchStatus={fetchStatus}>
          <CausesSkeleton />
        </LoadingOrOffline>
      )}
      {status === 'error' && (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">{errorMessage(error, 'The causes could not be loaded.')}</Alert>
          <Button variant="secondary" pending={isRefetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      )}
      {status === 'success' && data.length === 0 && (
        <Card className="flex flex-col items-start gap-3">
          <HandHeart aria-hidden className="size-8 text-brand-600 dark:text-brand-100" />
          <p className="font-semibold">No causes yet.</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            A cause tells donors what you are raising money for, with a goal and a page you can share or embed
            on your website.
          </p>
          {emptyAction}
        </Card>
      )}
      {status === 'success' && data.length > 0 && (
        <ul aria-label="Causes" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.map((cause) => (
            <li key={cause.id}>
              <CauseCard cause={cause} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CauseCard({ cause }: { cause: CauseSummary }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-0">
      {cause.imageUrl ? (
        <img
          src={cause.imageUrl}
          alt=""
          loading="lazy"
          decoding="async"
          className="aspect-video w-full rounded-t-xl object-cover"
        />
      ) : (
        // No picture chosen: the cause's mark, not a "broken image" sign.
        <div className="flex aspect-video w-full items-center justify-center rounded-t-xl bg-brand-50 dark:bg-brand-800/30">
          <HandHeart aria-hidden className="size-10 text-brand-600 dark:text-brand-100" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 px-4 pb-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg leading-snug font-semibold">
            <Link
              to="/causes/$causeId"
              params={{ causeId: cause.id }}
              className="hover:underline focus-visible:underline"
            >
              {cause.title}
            </Link>
          </h2>
          <CauseStatusBadge status={cause.status} />
        </div>
        <CauseProgress
          className="mt-auto"
          raisedMinor={cause.raisedMinor}
          goalMinor={cause.goalMinor}
          currency={cause.currency}
          donorCount={cause.donorCount}
        />
      </div>
    </Card>
  );
}

function CausesSkeleton() {
  return (
    <div role="status" aria-label="Loading causes" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="flex flex-col gap-3 p-0">
          <Skeleton className="aspect-video w-full rounded-t-xl rounded-b-none" />
          <div className="flex flex-col gap-3 px-4 pb-4">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-2.5 w-full" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </Card>
      ))}
    </div>
  );
}
