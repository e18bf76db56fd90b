import {
  campaignChannelLabels,
  campaignStatusLabels,
  recipientStatusLabels,
  type CampaignChannel,
  type CampaignStatus,
  type RecipientStatus,
} from '@contract/campaigns';
import { Bell, Mail, MessageSquareText } from 'lucide-react';
import { cn } from '@/components/ui/cn';

const badge = 'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold';
const green = 'bg-brand-50 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100';
const grey = 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200';
const amber = 'bg-amber-50 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100';
const blue = 'bg-sky-50 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100';
const red = 'bg-red-50 text-red-800 dark:bg-red-900/40 dark:text-red-100';

const statusLooks: Record<CampaignStatus, string> = {
  scheduled: amber,
  sending: blue,
  sent: green,
  cancelled: grey,
};

/** The status in words ('Status: Sending' to a screen reader), coloured as a hint only. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <span className={cn(badge, statusLooks[status])} data-testid="campaign-status">
      <span className="sr-only">Status: </span>
      {campaignStatusLabels[status]}
    </span>
  );
}

const recipientLooks: Record<RecipientStatus, string> = {
  queued: grey,
  sending: blue,
  sent: green,
  bounced: amber,
  failed: red,
  unsubscribed: grey,
};

export function RecipientStatusBadge({ status }: { status: RecipientStatus }) {
  return <span className={cn(badge, recipientLooks[status])}>{recipientStatusLabels[status]}</span>;
}

export const channelIcons: Record<CampaignChannel, typeof Mail> = {
  email: Mail,
  in_app: Bell,
  sms: MessageSquareText,
};

/** The channels a campaign goes out on, each with its icon and name. */
export function ChannelChips({ channels }: { channels: readonly CampaignChannel[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Channels">
      {(['email', 'in_app', 'sms'] as const)
        .filter((c) => channels.includes(c))
        .map((channel) => {
          const Icon = channelIcons[channel];
          return (
            <li key={channel} className={cn(badge, grey, 'font-medium')}>
              <Icon aria-hidden className="size-3.5" />
              {campaignChannelLabels[channel]}
            </li>
          );
        })}
    </ul>
  );
}
