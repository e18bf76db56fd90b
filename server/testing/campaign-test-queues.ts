import { campaignQueueNames, type QueueDefinition } from '../services/queue/queues';

/** The queues as the test's processes declare them: the product's, with seconds instead of minutes. */
export const fastCampaignQueues: Record<string, QueueDefinition> = {
  [campaignQueueNames.start]: { retryLimit: 3, retryDelay: 1, expireInSeconds: 10 },
  [campaignQueueNames.deliver]: { retryLimit: 2, retryDelay: 1, retryDelayMax: 2, expireInSeconds: 3 },
};
