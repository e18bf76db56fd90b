import type { Campaign } from '@contract/campaigns';
import { Link } from '@tanstack/react-router';
import { formatCount, formatDateTime } from '../format';
import { doneCount } from '../progress';
import { CampaignStatusBadge, ChannelChips } from './campaign-badges';
import { ProgressBar } from './progress-bar';

/**
 * One campaign in the list: its name (the link to its report), status, channels, who made it and
 * when, when it goes out, and how the send went: a progress bar while it sends, the sent and failed
 * counts once it has started.
 */
export function CampaignCard({ campaign, crossNgo }: { campaign: Campaign; crossNgo: boolean }) {
  const done = doneCount(campaign.counts);
  // The report's own word: failed (retries ran out); bounced ones are counted apart there.
  const failed = campaign.counts.failed ?? 0;
  return (
    <article
      aria-labelledby={`campaign-${campaign.id}`}
      className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-2">
        <CampaignStatusBadge status={campaign.status} />
        {crossNgo && (
          <span className="min-w-0 truncate text-xs text-slate-600 dark:text-slate-400">
            {campaign.ngoName}
          </span>
        )}
      </div>
      <h2 id={`campaign-${campaign.id}`} className="text-base font-bold break-words">
        <Link
          to="/admin/bulk-email"
          search={{ campaign: campaign.id }}
          className="underline-offset-2 hover:underline focus-visible:underline"
        >
          {campaign.name}
        </Link>
      </h2>
      <p className="text-sm break-words text-slate-700 dark:text-slate-300">{campaign.subject}</p>
      <ChannelChips channels={campaign.channels} />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs text-slate-700 dark:text-slate-300">
        <dt className="font-medium">Created:</dt>
        <dd>
          {formatDateTime(campaign.createdAt)} by {campaign.createdBy.name}
        </dd>
        {campaign.status === 'scheduled' ? (
          <>
            <dt className="font-medium">Goes out:</dt>
            <dd>{formatDateTime(campaign.sendAt)}</dd>
          </>
        ) : campaign.status !== 'cancelled' ? (
          <>
            <dt className="font-medium">{campaign.finishedAt ? 'Finished:' : 'Started:'}</dt>
            <dd>{formatDateTime(campaign.finishedAt ?? campaign.startedAt ?? campaign.sendAt)}</dd>
          </>
        ) : null}
      </dl>
      {campaign.status === 'sending' && campaign.total > 0 && (
        <ProgressBar size="sm" label={`Progress of ${campaign.name}`} done={done} total={campaign.total} />
      )}
      {campaign.total > 0 && (
        <p className="mt-auto flex flex-wrap gap-x-3 text-sm">
          <span>
            <span className="font-semibold">{formatCount(campaign.counts.sent ?? 0)}</span> sent
          </span>
          <span className={failed ? 'text-red-700 dark:text-red-300' : undefined}>
            <span className="font-semibold">{formatCount(failed)}</span> failed
          </span>
        </p>
      )}
    </article>
  );
}
