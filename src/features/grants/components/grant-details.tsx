import type { GrantDetail } from '@contract/grants';
import { splitList } from '@contract/listing-match';
import { Link } from '@tanstack/react-router';
import { AlarmClock, ArrowLeft, CalendarClock, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/skeleton';
import { errorStatus } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/calendar-date';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { useGrant } from '../api/get-grant';
import { countdownLabel, deadlineStatus, type DeadlineStatus } from '../deadline';
import { GrantImage } from './grant-card';

const backLinkClass =
  'inline-flex min-h-11 items-center gap-2 self-start text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100';

function BackToGrants() {
  return (
    <Link to="/grants" className={backLinkClass}>
      <ArrowLeft aria-hidden className="size-4" />
      Back to grants
    </Link>
  );
}

/** The countdown ('12 days left'), with a 'Closing soon' marker in the last 14 days. */
export function DeadlineBadge({ status }: { status: DeadlineStatus }) {
  const tone =
    status.kind === 'passed'
      ? 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200'
      : status.kind === 'open' && status.closingSoon
        ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100'
        : 'bg-brand-50 text-brand-800 dark:bg-brand-800/30 dark:text-brand-100';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span
        data-testid="deadline-countdown"
        className={cn('inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold', tone)}
      >
        <CalendarClock aria-hidden className="size-4" />
        {countdownLabel(status)}
      </span>
      {status.kind === 'open' && status.closingSoon && (
        <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
          <AlarmClock aria-hidden className="size-4" />
          Closing soon
        </span>
      )}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

function Chips({ items }: { items: string[] }) {
  if (items.length === 0) return <>Not specified</>;
  return (
    <ul className="mt-1 flex flex-wrap gap-2">
      {items.map((item) => (
        <li
          key={item}
          className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200"
        >
          {item}
        </li>
      ))}
    </ul>
  );
}

/** Free text as the donor wrote it: line breaks kept, never read as markup. */
function TextSection({ title, text }: { title: string; text: string }) {
  return (
    <section aria-labelledby={`grant-${title.toLowerCase()}`} className="flex flex-col gap-2">
      <h2 id={`grant-${title.toLowerCase()}`} className="text-xl font-bold">
        {title}
      </h2>
      {text.trim() ? (
        <p className="whitespace-pre-line text-slate-800 dark:text-slate-200">{text.trim()}</p>
      ) : (
        <p className="text-slate-600 dark:text-slate-400">Not provided.</p>
      )}
    </section>
  );
}

function GrantArticle({ grant, now }: { grant: GrantDetail; now?: Date }) {
  const status = deadlineStatus(grant.deadlineDate, now);
  return (
    <article aria-labelledby="grant-title" className="flex flex-col gap-6">
      <GrantImage
        imageUrl={grant.imageUrl}
        className="aspect-[2/1] h-auto max-h-72 w-full rounded-xl bg-brand-50 object-cover dark:bg-slate-800"
      />
      <header className="flex flex-col gap-3">
        {grant.category.trim() && (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">
            {grant.category.trim()}
          </p>
        )}
        <h1 id="grant-title" className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          {grant.title}
        </h1>
        <DeadlineBadge status={status} />
      </header>

      <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-800 dark:bg-slate-900">
        <Fact term="Donor agency">{grant.donorAgency}</Fact>
        <Fact term="Grant size">{grant.grantSize}</Fact>
        <Fact term="Posted">
          <time dateTime={grant.postDate}>{formatCalendarDate(grant.postDate)}</time>
        </Fact>
        <Fact term="Deadline">
          {grant.deadlineDate ? (
            <time dateTime={grant.deadlineDate}>{formatCalendarDate(grant.deadlineDate)}</time>
          ) : (
            'Rolling (no fixed deadline)'
          )}
        </Fact>
        <Fact term="Countries">
          <Chips items={splitList(grant.country)} />
        </Fact>
        <Fact term="Areas of interest">
          <Chips items={splitList(grant.areaOfInterest)} />
        </Fact>
      </dl>

      {(grant.applicationUrl || grant.sourceUrl) && (
        <div className="flex flex-col gap-3 sm:flex-row">
          {grant.applicationUrl && (
            <a
              href={grant.applicationUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('primary')}
            >
              Apply now
              <ExternalLink aria-hidden className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
          {grant.sourceUrl && (
            <a
              href={grant.sourceUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary')}
            >
              View the source
              <ExternalLink aria-hidden className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
      )}

      <TextSection title="Description" text={grant.description} />
      <TextSection title="Eligibility" text={grant.eligibility} />
    </article>
  );
}

function DetailsSkeleton() {
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="sr-only">
        Loading the grant...
      </p>
      <Skeleton className="aspect-[2/1] max-h-72 w-full rounded-xl" />
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-9 w-4/5" />
      <Skeleton className="h-7 w-36 rounded-full" />
      <Skeleton className="h-40 w-full rounded-xl" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** /grants/{id}: the whole grant with its deadline countdown, links, description and eligibility. */
export function GrantDetails({ id, now }: { id: string; now?: Date }) {
  const { data, isError, error, isFetching, fetchStatus, refetch } = useGrant(id);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <BackToGrants />
      {data ? (
        <GrantArticle grant={data} now={now} />
      ) : isError && errorStatus(error) === 404 ? (
        <div className="flex flex-col items-start gap-3">
          <h1 className="text-2xl font-bold">Grant not found.</h1>
          <p className="text-slate-700 dark:text-slate-300">
            It may have been removed, or the link is mistyped. The list has every open grant.
          </p>
        </div>
      ) : isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">The grant could not be loaded. Check your connection and try again.</Alert>
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
          <DetailsSkeleton />
        </LoadingOrOffline>
      )}
    </div>
  );
}
