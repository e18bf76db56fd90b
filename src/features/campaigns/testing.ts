import type { CampaignChannel, CampaignRecipient, CampaignReport, StatusCounts } from '@contract/campaigns';

/** Counts with every status, the ones given set. */
export const countsOf = (over: Partial<StatusCounts> = {}): StatusCounts => ({
  queued: 0,
  sending: 0,
  sent: 0,
  bounced: 0,
  failed: 0,
  unsubscribed: 0,
  ...over,
});

/**
 * A campaign of the feature's tests: Nadia's reminder to her NGO's volunteers by email and SMS, sent,
 * unless told otherwise. `byChannel` defaults to the overall counts on email alone.
 */
export const reportOf = (over: Partial<CampaignReport> = {}): CampaignReport => {
  const counts = over.counts ?? countsOf({ sent: 10 });
  const channels: CampaignChannel[] = over.channels ?? ['email'];
  return {
    id: 'c1',
    ngoId: 'ngo1',
    ngoName: 'Hope Bridge Foundation',
    name: 'Water day reminder',
    subject: 'See you on Saturday, {{first_name}}',
    body: 'Hello {{first_name}},\nthe water day starts at 9.',
    channels,
    segment: { kind: 'members', roles: ['VOLUNTEER'], ngoIds: [] },
    status: 'sent',
    createdBy: { id: 'nadia', name: 'Nadia Uwase' },
    createdAt: '2026-11-20T09:00:00.000Z',
    sendAt: '2026-11-20T09:00:00.000Z',
    startedAt: '2026-11-20T09:00:00.000Z',
    finishedAt: '2026-11-20T09:05:00.000Z',
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    counts,
    byChannel: { [channels[0]!]: counts } as CampaignReport['byChannel'],
    opened: 0,
    ratePerSecond: 0,
    ...over,
  };
};

export const recipientOf = (over: Partial<CampaignRecipient> = {}): CampaignRecipient => ({
  id: 'r1',
  channel: 'email',
  name: 'Grace Mukamana',
  address: 'volunteer@demo.ngo',
  status: 'sent',
  attempts: 1,
  error: null,
  sentAt: '2026-11-20T09:01:00.000Z',
  openedAt: null,
  ...over,
});
