import type { CauseDetail } from '@contract/causes';
import { donationMaxMinor } from '@contract/payments';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, HandHeart, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { formatCalendarDate, todayCalendarDate } from '@/lib/calendar-date';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { useCause } from '../api/get-cause';
import { CauseProgress } from './cause-progress';
import { CauseStatusBadge } from './cause-status-badge';
import { DonateForm } from './donate-form';
import { RecentDonations } from './recent-donations';
import { SharePanel } from './share-panel';

const backLinkClass =
  'inline-flex min-h-11 items-center gap-2 self-start text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100';

/** Why a cause takes no donations now, or null when it does (the server applies the same rules). */
export function donationsClosedReason(
  cause: Pick<CauseDetail, 'status' | 'endDate'>,
  today = todayCalendarDate(),
) {
  if (cause.status !== 'published') return 'Publish the cause to take donations.';
  if (cause.endDate && cause.endDate < today) return 'This cause has ended and no longer takes donations.';
  return null;
}

/** /causes/{causeId}: the story, progress, recent donations, the share panel and the Donate action. */
export function CauseDetails({
  causeId,
  donationSuccess,
  canManage,
}: {
  causeId: string;
  donationSuccess: boolean;
  canManage: boolean;
}) {
  const { data: cause, status, fetchStatus, error, refetch, isRefetching } = useCause(causeId);
  const [donating, setDonating] = useState(false);

  const back = (
    <Link to="/causes" className={backLinkClass}>
      <ArrowLeft aria-hidden className="size-4" />
      All causes
    </Link>
  );

  if (status === 'pending')
    return (
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
        {back}
        <LoadingOrOffline fetchStatus={fetchStatus}>
          <CauseDetailsSkeleton />
        </LoadingOrOffline>
      </div>
    );
  if (status === 'error') {
    const notFound = errorStatus(error) === 404;
    return (
      <div className="mx-auto flex w-full max-w-5xl flex-col items-start gap-4">
        {back}
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Cause</h1>
        <Alert tone="error">
          {notFound ? 'Cause not found.' : errorMessage(error, 'The cause could not be loaded.')}
        </Alert>
        {!notFound && (
          <Button variant="secondary" pending={isRefetching} onClick={() => void refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }

  const closedReason = donationsClosedReason(cause);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      {back}
      {donationSuccess && (
        <Alert tone="success">
          <strong>Thank you for your donation!</strong> Your contribution has been received and counts towards
          this cause&apos;s goal once the payment provider confirms it.
        </Alert>
      )}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{cause.title}</h1>
            <CauseStatusBadge status={cause.status} />
          </div>
          {cause.endDate && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Donations close after {formatCalendarDate(cause.endDate)}
            </p>
          )}
        </div>
        {canManage && (
          <Link
            to="/causes/edit/$causeId"
            params={{ causeId: cause.id }}
            aria-label={`Edit ${cause.title}`}
            className={buttonClass('secondary')}
          >
            <Pencil aria-hidden className="size-4" />
            Edit
          </Link>
        )}
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {cause.imageUrl && (
            <img src={cause.imageUrl} alt="" className="aspect-video w-full rounded-xl object-cover" />
          )}
          <Card className="flex flex-col gap-3">
            <h2 className="text-lg font-semibold">Story</h2>
            {cause.story ? (
              <p className="whitespace-pre-line text-slate-800 dark:text-slate-200">{cause.story}</p>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-300">No story yet.</p>
            )}
          </Card>
          <RecentDonations donations={cause.recentDonations} />
        </div>
        <div className="flex flex-col gap-6">
          <Card className="flex flex-col gap-4">
            <CauseProgress
              raisedMinor={cause.raisedMinor}
              goalMinor={cause.goalMinor}
              currency={cause.currency}
              donorCount={cause.donorCount}
            />
            <Dialog
              open={donating}
              onOpenChange={setDonating}
              title={`Donate to ${cause.title}`}
              description="You will pay on the payment provider's secure page, by card or mobile money."
              closeOnOutsideClick={false}
              trigger={
                <Button
                  disabled={Boolean(closedReason)}
                  aria-describedby={closedReason ? 'donate-closed' : undefined}
                >
                  <HandHeart aria-hidden className="size-4" />
                  Donate
                </Button>
              }
            >
              <DonateForm
                cause={{
                  id: cause.id,
                  currency: cause.currency,
                  suggestedAmountsMinor: cause.suggestedAmountsMinor,
                  maxDonationMinor: donationMaxMinor(cause.currency),
                }}
              />
            </Dialog>
            {closedReason && (
              <p id="donate-closed" className="text-sm text-slate-600 dark:text-slate-300">
                {closedReason}
              </p>
            )}
          </Card>
          <SharePanel causeId={cause.id} title={cause.title} published={cause.status === 'published'} />
        </div>
      </div>
    </div>
  );
}

function CauseDetailsSkeleton() {
  return (
    <div role="status" aria-label="Loading cause" className="flex flex-col gap-6">
      <Skeleton className="h-9 w-2/3" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-4">
          <Skeleton className="aspect-video w-full rounded-xl" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
        <div className="flex flex-col gap-3">
          <Skeleton className="h-2.5 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      </div>
    </div>
  );
}
