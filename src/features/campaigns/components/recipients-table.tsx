import {
  campaignChannelLabels,
  recipientStatusLabels,
  type CampaignChannel,
  type CampaignRecipient,
} from '@contract/campaigns';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { itemsOf } from '@/lib/listing/paged-query';
import { useWideScreen } from '@/lib/use-wide-screen';
import { campaignRecipientsQueryOptions } from '../api/get-campaign-recipients';
import { CAMPAIGN_CHANNELS, RECIPIENT_STATUSES, type RecipientFilter } from '../campaigns-search';
import { formatDateTime } from '../format';
import { RecipientStatusBadge } from './campaign-badges';

/** When it was sent and opened, or the provider's last answer for a failure. */
function outcomeOf(r: CampaignRecipient): string {
  if (r.error) return r.error;
  if (r.openedAt) return `Opened ${formatDateTime(r.openedAt)}`;
  if (r.sentAt) return `Sent ${formatDateTime(r.sentAt)}`;
  return '';
}

const attemptsOf = (r: CampaignRecipient) => (r.attempts === 1 ? '1 attempt' : `${r.attempts} attempts`);

/**
 * Every recipient (a person on one channel) with their status, filtered by status and channel in the
 * address, a page at a time. A table on a wide screen, cards on a phone. Asked again every few
 * seconds while the campaign sends.
 */
export function RecipientsTable({
  campaignId,
  channels,
  filter,
  onFilterChange,
  live,
}: {
  campaignId: string;
  channels: readonly CampaignChannel[];
  filter: RecipientFilter;
  onFilterChange: (filter: RecipientFilter) => void;
  live: boolean;
}) {
  const wide = useWideScreen();
  const headingId = useId();
  const query = useInfiniteQuery({
    ...campaignRecipientsQueryOptions(campaignId, filter, { live }),
    // Another filter keeps the rows on screen until its answer comes, instead of skeletons.
    placeholderData: keepPreviousData,
  });
  const items = itemsOf(query.data);
  const filtered = Boolean(filter.status || filter.channel);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-bold">
        Recipients
      </h3>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
        <div className="min-w-0 sm:w-48">
          <SelectField
            label="Status"
            value={filter.status ?? ''}
            onChange={(event) =>
              onFilterChange({ ...filter, status: RECIPIENT_STATUSES.find((s) => s === event.target.value) })
            }
          >
            <option value="">All statuses</option>
            {RECIPIENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {recipientStatusLabels[s]}
              </option>
            ))}
          </SelectField>
        </div>
        {channels.length > 1 && (
          <div className="min-w-0 sm:w-56">
            <SelectField
              label="Channel"
              value={filter.channel ?? ''}
              onChange={(event) =>
                onFilterChange({
                  ...filter,
                  channel: CAMPAIGN_CHANNELS.find((c) => c === event.target.value),
                })
              }
            >
              <option value="">All channels</option>
              {CAMPAIGN_CHANNELS.filter((c) => channels.includes(c)).map((c) => (
                <option key={c} value={c}>
                  {campaignChannelLabels[c]}
                </option>
              ))}
            </SelectField>
          </div>
        )}
      </div>

      {query.isError && !query.data ? (
        <div className="flex flex-col items-start gap-2">
          <Alert tone="error">{errorMessage(query.error, 'The recipients could not be loaded.')}</Alert>
          <Button variant="secondary" pending={query.isFetching} onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : items === undefined ? (
        <LoadingOrOffline fetchStatus={query.fetchStatus}>
          <div role="status" aria-label="Loading recipients" className="flex flex-col gap-2">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        </LoadingOrOffline>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-slate-200 px-4 py-6 text-center text-sm dark:border-slate-800">
          {filtered
            ? 'No recipients match these filters.'
            : 'No recipients yet: they are listed once it starts.'}
        </p>
      ) : wide ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Recipients of this campaign</caption>
            <thead className="bg-slate-50 text-xs text-slate-700 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Address
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Channel
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Attempts
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Outcome
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {items.map((r) => (
                <tr key={r.id}>
                  <th scope="row" className="px-3 py-2 font-medium">
                    {r.name}
                  </th>
                  <td className="px-3 py-2 break-all">{r.address}</td>
                  <td className="px-3 py-2">{campaignChannelLabels[r.channel]}</td>
                  <td className="px-3 py-2">
                    <RecipientStatusBadge status={r.status} />
                  </td>
                  <td className="px-3 py-2">{r.attempts}</td>
                  <td className="px-3 py-2 text-slate-700 dark:text-slate-300">{outcomeOf(r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul aria-label="Recipients of this campaign" className="flex flex-col gap-2">
          {items.map((r) => (
            <li
              key={r.id}
              className="flex flex-col gap-1 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold break-words">{r.name}</span>
                <RecipientStatusBadge status={r.status} />
              </div>
              <span className="break-all text-slate-700 dark:text-slate-300">
                {campaignChannelLabels[r.channel]} · {r.address}
              </span>
              <span className="text-xs text-slate-600 dark:text-slate-400">
                {attemptsOf(r)}
                {outcomeOf(r) && ` · ${outcomeOf(r)}`}
              </span>
            </li>
          ))}
        </ul>
      )}

      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          pending={query.isFetchingNextPage}
          pendingLabel="Loading more..."
          onClick={() => void query.fetchNextPage()}
        >
          Load more recipients
        </Button>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-red-700 dark:text-red-400">
          More recipients could not be loaded. Try Load more again.
        </p>
      )}
    </section>
  );
}
