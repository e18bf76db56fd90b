import type { QueueDefinition } from '../services/queue/queues';

/**
 * The queue of services/queue/queue-processes.test.ts and its worker processes (queue-test-worker.ts).
 * Expiry is short so that the jobs a killed process held run again within the test; a retry waits 1–2 s.
 */
export const appendQueue: Record<string, QueueDefinition> = {
  'test.append': { retryLimit: 5, retryDelay: 1, expireInSeconds: 4 },
};
