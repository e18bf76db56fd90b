/**
 * How one named queue treats its jobs (pg-boss's own option names, so its documentation applies).
 * Created at the queue's start; a changed definition is applied to the queue at the next start, and
 * to jobs sent after it (a job keeps the settings it was sent with).
 */
export interface QueueDefinition {
  /** Retries after the first attempt before the job is marked failed. */
  retryLimit: number;
  /**
   * Seconds before the first retry. Retries back off exponentially with jitter: retry n waits
   * between retryDelay·2^(n−1) and retryDelay·2^n seconds (1–2 s, 2–4 s, 4–8 s … for 1).
   */
  retryDelay: number;
  /** Upper bound of the backoff, in seconds. */
  retryDelayMax?: number;
  /**
   * Seconds a job may run before it counts as failed and is retried (its process died, or it hangs):
   * the time after which a job of a killed process runs again. Keep it well above the handler's
   * longest run; at least 1.
   */
  expireInSeconds: number;
  /**
   * Seconds a completed or failed job is kept (default 7 days). A keyed send (`key`) is refused while
   * the job it names is kept; the handler's `applyOnce` row guards after that.
   */
  deleteAfterSeconds?: number;
}

/** The bulk notifications' queues (ADR 0050, services/campaigns/campaign-worker.ts). */
export const campaignQueueNames = { start: 'campaign.start', deliver: 'campaign.deliver' } as const;

/**
 * The product's queues, created by `createQueue` at start (server/index.ts). Names may hold letters,
 * digits, `_`, `-`, `.`, `/`.
 */
export const productQueues: Record<string, QueueDefinition> = {
  // A campaign starting at its send time: resolves its audience and queues one job per recipient.
  [campaignQueueNames.start]: { retryLimit: 5, retryDelay: 10, retryDelayMax: 600, expireInSeconds: 600 },
  // One recipient. Retries after 1–2, 2–4, 4–8 and 8–16 minutes, then failed: a provider's bad quarter
  // of an hour is ridden out; an interrupted send is found two minutes after its process died.
  [campaignQueueNames.deliver]: { retryLimit: 4, retryDelay: 60, retryDelayMax: 3600, expireInSeconds: 120 },
};
