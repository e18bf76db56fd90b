import { HeartHandshake } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorStatus } from '@/lib/api-client';
import { usePublicCause } from '../api/get-public-cause';
import { CauseProgress } from './cause-progress';
import { DonateForm } from './donate-form';

/**
 * /cause-embed/{causeId}: the public cause card other sites frame. Kept small for 2G: no portal or
 * marketing layout, no zod, no dialog; the image loads lazily at a modest size.
 */
export function CauseEmbedScreen({ causeId }: { causeId: string }) {
  const { data: cause, status, error, refetch, isRefetching } = usePublicCause(causeId);

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-4 bg-white p-4 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      {status === 'pending' && (
        <div role="status" aria-label="Loading cause" className="flex flex-col gap-3">
          <Skeleton className="aspect-video w-full rounded-lg" />
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-2.5 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      )}
      {status === 'error' && (
        <div role="alert" className="flex flex-col items-start gap-3 py-6">
          <h1 className="text-lg font-semibold">
            {errorStatus(error) === 404 ? 'This cause is not available.' : 'The cause could not be loaded.'}
          </h1>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {errorStatus(error) === 404
              ? 'It may have been unpublished or removed.'
              : 'Check your connection and try again.'}
          </p>
          {errorStatus(error) !== 404 && (
            <Button variant="secondary" pending={isRefetching} onClick={() => void refetch()}>
              Try again
            </Button>
          )}
        </div>
      )}
      {status === 'success' && (
        <>
          {cause.imageUrl && (
            <img
              src={cause.imageUrl}
              alt=""
              width={448}
              height={252}
              decoding="async"
              className="aspect-video w-full rounded-lg object-cover"
            />
          )}
          <div>
            <p className="text-sm text-slate-600 dark:text-slate-300">{cause.ngoName}</p>
            <h1 className="text-xl leading-snug font-bold">{cause.title}</h1>
          </div>
          <CauseProgress
            raisedMinor={cause.raisedMinor}
            goalMinor={cause.goalMinor}
            currency={cause.currency}
            donorCount={cause.donorCount}
          />
          {cause.story && (
            <details className="text-sm">
              <summary className="cursor-pointer font-semibold">Read the story</summary>
              <p className="mt-2 whitespace-pre-line text-slate-800 dark:text-slate-200">{cause.story}</p>
            </details>
          )}
          {cause.acceptingDonations ? (
            <section aria-labelledby="embed-donate" className="flex flex-col gap-3">
              <h2 id="embed-donate" className="flex items-center gap-2 text-lg font-semibold">
                <HeartHandshake aria-hidden className="size-5" />
                Donate
              </h2>
              <DonateForm
                compact
                cause={{
                  id: cause.id,
                  currency: cause.currency,
                  suggestedAmountsMinor: cause.suggestedAmountsMinor,
                  maxDonationMinor: cause.maxDonationMinor,
                }}
              />
            </section>
          ) : (
            <p className="rounded-lg bg-slate-100 p-3 text-sm dark:bg-slate-800">
              This cause has ended and no longer takes donations. Thank you to everyone who gave.
            </p>
          )}
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Payments are handled by our payment provider&apos;s secure page, by card or mobile money.
          </p>
        </>
      )}
    </main>
  );
}
