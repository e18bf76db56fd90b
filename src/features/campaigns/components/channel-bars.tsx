import {
  campaignChannelLabels,
  recipientStatusLabels,
  type CampaignChannel,
  type RecipientStatus,
  type StatusCounts,
} from '@contract/campaigns';
import { cn } from '@/components/ui/cn';
import { formatCount } from '../format';
import { totalCount } from '../progress';

/** The bar's order: done first (good, then bad), then what is still on its way. */
export const barStatuses = [
  'sent',
  'bounced',
  'failed',
  'unsubscribed',
  'sending',
  'queued',
] as const satisfies readonly RecipientStatus[];

export const statusSwatches: Record<RecipientStatus, string> = {
  sent: 'bg-brand-600 dark:bg-brand-500',
  bounced: 'bg-amber-500',
  failed: 'bg-red-600 dark:bg-red-500',
  unsubscribed: 'bg-slate-500',
  sending: 'bg-sky-500',
  queued: 'bg-slate-300 dark:bg-slate-600',
};

/** 'Email: 40 sent, 3 failed and 7 queued, of 50'. Statuses with none are left out. */
export function channelSentence(channel: CampaignChannel, counts: Partial<StatusCounts>) {
  const parts = barStatuses
    .filter((s) => (counts[s] ?? 0) > 0)
    .map((s) => `${formatCount(counts[s] ?? 0)} ${recipientStatusLabels[s].toLowerCase()}`);
  const list = parts.length ? new Intl.ListFormat('en').format(parts) : 'no recipients';
  return `${campaignChannelLabels[channel]}: ${list}, of ${formatCount(totalCount(counts))}`;
}

/**
 * One horizontal stacked bar per channel (sent, bounced, failed, unsubscribed, sending, queued),
 * each an image named by its sentence, with the numbers in words beside the colours: colour is a
 * hint, never the only way to read it.
 */
export function ChannelBars({
  channels,
  byChannel,
}: {
  channels: readonly CampaignChannel[];
  byChannel: Partial<Record<CampaignChannel, Partial<StatusCounts>>>;
}) {
  return (
    <ul aria-label="By channel" className="flex flex-col gap-4">
      {channels.map((channel) => {
        const counts = byChannel[channel] ?? {};
        const total = totalCount(counts);
        return (
          <li key={channel} className="flex flex-col gap-1.5" data-testid={`channel-${channel}`}>
            <p className="text-sm font-semibold">
              {campaignChannelLabels[channel]}{' '}
              <span className="font-normal text-slate-600 dark:text-slate-400">
                ({formatCount(total)} recipient{total === 1 ? '' : 's'})
              </span>
            </p>
            <div
              role="img"
              aria-label={channelSentence(channel, counts)}
              className="flex h-4 w-full overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
            >
              {total > 0 &&
                barStatuses.map((status) =>
                  (counts[status] ?? 0) > 0 ? (
                    <div
                      key={status}
                      className={cn('h-full', statusSwatches[status])}
                      style={{ width: `${((counts[status] ?? 0) / total) * 100}%` }}
                    />
                  ) : null,
                )}
            </div>
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
              {barStatuses.map((status) => (
                <div key={status} className="flex items-center gap-1.5">
                  <span
                    aria-hidden
                    className={cn('inline-block size-2.5 rounded-sm', statusSwatches[status])}
                  />
                  <dt>{recipientStatusLabels[status]}</dt>
                  <dd className="font-semibold">{formatCount(counts[status] ?? 0)}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
