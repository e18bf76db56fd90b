import type { GrantSummary } from '@contract/grants';
import { splitList } from '@contract/listing-match';
import { Link } from '@tanstack/react-router';
import { memo, useState, type ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { daysUntil, formatCalendarDate } from '@/lib/calendar-date';
import { DEFAULT_GRANT_IMAGE, grantImageSrc } from '../grant-image';

const cardClass =
  'flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** The card picture: 2:1, sized before it loads (no layout shift), fetched only near the viewport. */
export function GrantImage({ imageUrl, className }: { imageUrl: string | null; className?: string }) {
  // A remote picture that fails (gone, blocked, offline) falls back to the bundled one.
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? DEFAULT_GRANT_IMAGE : grantImageSrc(imageUrl)}
      // Decorative: the title beside it says what the grant is, and stock pictures add nothing.
      alt=""
      width={640}
      height={320}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={className ?? 'aspect-[2/1] h-auto w-full bg-brand-50 object-cover dark:bg-slate-800'}
    />
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-2">
      <dt className="shrink-0 text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="min-w-0 font-medium break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/**
 * One grant of the listing (SPEC §2): picture, title, donor, size, deadline, countries, 'View
 * Details'. Memoised: a keystroke that leaves a card in place does not render it again.
 */
export const GrantCard = memo(function GrantCard({ grant }: { grant: GrantSummary }) {
  const titleId = `grant-${grant.id}-title`;
  const countries = splitList(grant.country).join(', ');
  const category = grant.category.trim();
  return (
    <article aria-labelledby={titleId} className={cardClass}>
      <GrantImage imageUrl={grant.imageUrl} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        {category && (
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">
            {category}
          </p>
        )}
        <h2 id={titleId} className="text-lg leading-snug font-bold break-words">
          {grant.title}
        </h2>
        <dl className="flex flex-col gap-1 text-sm">
          <Detail term="Donor">{grant.donorAgency}</Detail>
          <Detail term="Grant size">{grant.grantSize}</Detail>
          <Detail term="Deadline">
            {grant.deadlineDate ? (
              <>
                <time dateTime={grant.deadlineDate}>{formatCalendarDate(grant.deadlineDate)}</time>
                {(daysUntil(grant.deadlineDate) ?? 0) < 0 && (
                  <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                    Closed
                  </span>
                )}
              </>
            ) : (
              'Rolling'
            )}
          </Detail>
          {countries && <Detail term="Countries">{countries}</Detail>}
        </dl>
        <Link
          to="/grants/$id"
          params={{ id: grant.id }}
          className={buttonClass('secondary', 'mt-auto w-full')}
        >
          View Details<span className="sr-only">: {grant.title}</span>
        </Link>
      </div>
    </article>
  );
});

/** The shape of a card while the list loads. */
export function GrantCardSkeleton() {
  return (
    <div className={cardClass}>
      <Skeleton className="aspect-[2/1] w-full rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-6 w-5/6" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-3/5" />
        <Skeleton className="mt-2 h-11 w-full" />
      </div>
    </div>
  );
}
