import { campaignChannelLabels, type Audience, type CampaignChannel } from '@contract/campaigns';
import type { UseQueryResult } from '@tanstack/react-query';
import { Loader2, Users } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { CAMPAIGN_CHANNELS } from '../campaigns-search';
import { formatCount, plural } from '../format';
import { recipientsOf } from '../use-composer-audience';
import { RecipientPreview } from './recipient-preview';

/** 'SMS: 12 of 15 have a phone number'. */
function reachLine(channel: CampaignChannel, reached: number, people: number) {
  const of = `${formatCount(reached)} of ${formatCount(people)}`;
  if (channel === 'sms') return `${campaignChannelLabels.sms}: ${of} have a phone number`;
  return reached < people
    ? `${campaignChannelLabels[channel]}: ${of} (the others unsubscribed)`
    : `${campaignChannelLabels[channel]}: ${of}`;
}

/**
 * How many people the segment holds and how many each chosen channel reaches, counted by the server
 * as the choice settles, then the message as the first people will get it.
 */
export function AudiencePanel({
  audience,
  problem,
  updating,
  channels,
  subject,
  body,
  previewKey,
}: {
  audience: UseQueryResult<Audience>;
  /** Why the choice cannot be counted yet; the panel says it instead of a count. */
  problem: string | null;
  updating: boolean;
  channels: readonly CampaignChannel[];
  subject: string;
  body: string;
  /** Changes with the segment: the preview starts again at the first person. */
  previewKey: string;
}) {
  const headingId = useId();
  const data = problem ? undefined : audience.data;
  const chosen = CAMPAIGN_CHANNELS.filter((c) => channels.includes(c));
  const total = data ? recipientsOf(data.byChannel, chosen) : 0;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-bold">
        <Users aria-hidden className="size-5 text-brand-600 dark:text-brand-100" />
        Audience and preview
      </h2>
      <div role="status" aria-live="polite" aria-busy={updating || undefined} className="flex flex-col gap-1">
        {problem ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{problem}</p>
        ) : data ? (
          <>
            <p className="flex items-center gap-2 text-lg font-bold" data-testid="audience-people">
              {plural(data.people, 'person', 'people')}
              {updating && (
                <>
                  <Loader2 aria-hidden className="size-4 animate-spin" />
                  <span className="sr-only">Counting again</span>
                </>
              )}
            </p>
            <ul aria-label="Recipients by channel" className="flex flex-col gap-0.5 text-sm">
              {chosen.map((channel) => (
                <li key={channel}>{reachLine(channel, data.byChannel[channel] ?? 0, data.people)}</li>
              ))}
            </ul>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {data.people === 0
                ? 'Nobody is in this segment yet: choose other roles, another period or fewer hours.'
                : `${plural(total, 'message')} in all.`}
            </p>
          </>
        ) : audience.isError ? null : (
          <span className="sr-only">Counting the audience</span>
        )}
      </div>
      {!problem && audience.isError && !data ? (
        <div className="flex flex-col items-start gap-2">
          <Alert tone="error">{errorMessage(audience.error, 'The audience could not be counted.')}</Alert>
          <Button variant="secondary" pending={audience.isFetching} onClick={() => void audience.refetch()}>
            Count again
          </Button>
        </div>
      ) : (
        !problem &&
        !data && (
          <LoadingOrOffline fetchStatus={audience.fetchStatus}>
            <div aria-hidden className="flex flex-col gap-2">
              <Skeleton className="h-6 w-28" />
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-24 w-full" />
            </div>
          </LoadingOrOffline>
        )
      )}
      {data && data.sample.length > 0 && (
        <RecipientPreview
          key={previewKey}
          sample={data.sample}
          people={data.people}
          subject={subject}
          body={body}
          channels={chosen}
        />
      )}
    </section>
  );
}
