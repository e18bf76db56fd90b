import type { CampaignReport as Report } from '@contract/campaigns';
import { CloudOff } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { relativeTimeAgo } from '@/lib/saved-label';
import { isLive, useCampaign } from '../api/get-campaign';
import type { RecipientFilter } from '../campaigns-search';
import { formatDateTime, segmentSummary } from '../format';
import { CampaignStatusBadge, ChannelChips } from './campaign-badges';
import { RecipientsTable } from './recipients-table';
import { ReportActions } from './report-actions';
import { ReportOverview } from './report-overview';

/**
 * One campaign's report (`?campaign=<id>`): asked again every 2 s while it is scheduled or sending,
 * so the progress moves by itself. Its counts, channels, opens, the message as sent, its recipients
 * and what can still be done. Once seen it opens offline (offline.ts), its age said.
 */
export function CampaignReportView({
  campaignId,
  crossNgo,
  recipientFilter,
  onRecipientFilterChange,
}: {
  campaignId: string;
  crossNgo: boolean;
  recipientFilter: RecipientFilter;
  onRecipientFilterChange: (filter: RecipientFilter) => void;
}) {
  const query = useCampaign(campaignId);
  const offline = useOffline();
  const report = query.data;

  if (!report) {
    if (query.isError) {
      const gone = errorStatus(query.error) === 404;
      return (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">
            {gone
              ? 'This campaign is not available to you, or no longer exists.'
              : errorMessage(query.error, 'The campaign could not be loaded.')}
          </Alert>
          {!gone && (
            <Button variant="secondary" pending={query.isFetching} onClick={() => void query.refetch()}>
              Retry
            </Button>
          )}
        </div>
      );
    }
    return (
      <LoadingOrOffline fetchStatus={query.fetchStatus}>
        <div role="status" aria-label="Loading the campaign" className="flex flex-col gap-3">
          <Skeleton className="h-7 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      </LoadingOrOffline>
    );
  }

  return (
    <article aria-labelledby="campaign-report-title" className="flex min-w-0 flex-col gap-5">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <CampaignStatusBadge status={report.status} />
          {crossNgo && <span className="text-sm text-slate-600 dark:text-slate-400">{report.ngoName}</span>}
        </div>
        <h2 id="campaign-report-title" className="text-xl font-bold break-words sm:text-2xl">
          {report.name}
        </h2>
        <ChannelChips channels={report.channels} />
        <p className="text-sm text-slate-700 dark:text-slate-300">
          To {segmentSummary(report.segment)}. Created {formatDateTime(report.createdAt)} by{' '}
          {report.createdBy.name}.
        </p>
        {offline && (
          <p className="flex items-center gap-2 text-sm font-medium text-amber-800 dark:text-amber-200">
            <CloudOff aria-hidden className="size-4" />
            Offline: figures as of {relativeTimeAgo(query.dataUpdatedAt)}.
          </p>
        )}
      </header>

      <Card className="flex flex-col gap-5">
        <ReportOverview report={report} />
        <ReportActions report={report} onChanged={() => void query.refetch()} />
      </Card>

      <MessageAsSent report={report} />

      {report.status !== 'scheduled' && report.status !== 'cancelled' && (
        <Card>
          <RecipientsTable
            campaignId={report.id}
            channels={report.channels}
            filter={recipientFilter}
            onFilterChange={onRecipientFilterChange}
            live={isLive(report.status)}
          />
        </Card>
      )}
    </article>
  );
}

/** The subject and message as written (merge fields unfilled), as plain text. */
function MessageAsSent({ report }: { report: Report }) {
  return (
    <Card className="flex flex-col gap-2">
      <h3 className="text-base font-bold">
        {report.status === 'scheduled' || report.status === 'cancelled'
          ? 'The message'
          : 'The message as sent'}
      </h3>
      <p className="text-xs font-medium text-slate-600 dark:text-slate-400">Subject</p>
      <p className="font-semibold break-words whitespace-pre-wrap">{report.subject}</p>
      <p className="text-xs font-medium text-slate-600 dark:text-slate-400">Message</p>
      <p data-testid="report-body" className="text-sm break-words whitespace-pre-wrap">
        {report.body}
      </p>
    </Card>
  );
}
