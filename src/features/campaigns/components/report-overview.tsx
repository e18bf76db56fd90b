import { recipientStatusLabels, type CampaignReport } from '@contract/campaigns';
import { cn } from '@/components/ui/cn';
import { formatCount, formatDateTime } from '../format';
import { doneCount, percentDone, remainingCount, timeLeftLabel } from '../progress';
import { barStatuses, ChannelBars, statusSwatches } from './channel-bars';
import { ProgressBar } from './progress-bar';

/**
 * Where a campaign stands: when it goes or went out, its progress and the time left while it sends,
 * every status counted overall and per channel, and the emails opened.
 */
export function ReportOverview({ report }: { report: CampaignReport }) {
  const done = doneCount(report.counts);
  const remaining = remainingCount(report.counts);
  const timeLeft = report.status === 'sending' ? timeLeftLabel(remaining, report.ratePerSecond) : null;
  const emailsSent = report.byChannel.email?.sent ?? 0;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {report.status === 'scheduled'
          ? `Goes out on ${formatDateTime(report.sendAt)}. The audience is counted when it starts.`
          : report.status === 'cancelled'
            ? 'Cancelled before it started: nobody got it.'
            : report.finishedAt
              ? `Started ${formatDateTime(report.startedAt ?? report.sendAt)}, finished ${formatDateTime(report.finishedAt)}.`
              : `Started ${formatDateTime(report.startedAt ?? report.sendAt)}.`}
      </p>

      {report.total > 0 && (
        <div className="flex flex-col gap-1">
          <ProgressBar label="Progress" done={done} total={report.total} />
          {report.status === 'sending' && (
            <p className="text-sm font-medium" aria-live="polite" data-testid="time-left">
              {timeLeft ?? (remaining > 0 ? 'Working out the time left…' : 'Finishing…')}
            </p>
          )}
        </div>
      )}

      {report.total > 0 && (
        <section aria-label="Recipients by status" className="flex flex-col gap-2">
          <h3 className="text-base font-bold">
            {formatCount(report.total)} recipient{report.total === 1 ? '' : 's'}
          </h3>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-testid="overall-counts">
            {barStatuses.map((status) => (
              <div
                key={status}
                className="flex flex-col rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800"
              >
                <dt className="flex items-center gap-1.5 text-xs text-slate-700 dark:text-slate-300">
                  <span
                    aria-hidden
                    className={cn('inline-block size-2.5 rounded-sm', statusSwatches[status])}
                  />
                  {recipientStatusLabels[status]}
                </dt>
                <dd className="text-xl font-bold">{formatCount(report.counts[status] ?? 0)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      {report.total > 0 && (
        <section aria-label="Channels" className="flex flex-col gap-2">
          <h3 className="text-base font-bold">By channel</h3>
          <ChannelBars channels={report.channels} byChannel={report.byChannel} />
        </section>
      )}

      {report.channels.includes('email') && report.total > 0 && (
        <p className="text-sm" data-testid="opens">
          <span className="font-semibold">Opened:</span> {formatCount(report.opened)} of{' '}
          {formatCount(emailsSent)} email{emailsSent === 1 ? '' : 's'} sent
          {emailsSent > 0 && ` (${percentDone(report.opened, emailsSent)}%)`}.{' '}
          <span className="text-slate-600 dark:text-slate-400">
            Mail apps that block images are not counted, so more people may have read it.
          </span>
        </p>
      )}
    </div>
  );
}
