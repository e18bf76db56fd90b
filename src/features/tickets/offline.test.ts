import { describe, expect, it } from 'vitest';
import { composeOfflinePolicy } from '@/lib/offline-registration';
import { ticketQueryOptions } from './api/get-ticket';
import { ticketAgentsQueryOptions } from './api/get-ticket-agents';
import { ticketStatsQueryOptions } from './api/get-ticket-stats';
import { ticketsQueryOptions } from './api/get-tickets';
import { ticketsOffline } from './offline';

const policy = composeOfflinePolicy([ticketsOffline]);

describe('the tickets screens’ offline registration', () => {
  it('keeps the lists seen and the tickets opened, not the agents or the figures', () => {
    for (const key of [
      ticketsQueryOptions().queryKey,
      ticketsQueryOptions({ status: 'open' }).queryKey,
      ticketQueryOptions('t1').queryKey,
    ])
      expect(policy.isPersistableKey(key), JSON.stringify(key)).toBe(true);
    for (const key of [ticketAgentsQueryOptions().queryKey, ticketStatsQueryOptions().queryKey])
      expect(policy.isPersistableKey(key), JSON.stringify(key)).toBe(false);
  });

  it('counts a filtered list among the few kept, never the whole list', () => {
    expect(policy.isFilteredList(ticketsQueryOptions({ priority: 'urgent' }).queryKey)).toBe(true);
    expect(policy.isFilteredList(ticketsQueryOptions({}).queryKey)).toBe(false);
  });
});
