import type { Logger } from 'pino';

/**
 * Runs a background job every `intervalMs`, and at once unless `atStart` is false. A failure is logged
 * as `failure` and the next turn comes as planned; the timer never keeps the process alive. Returns
 * the function that stops it.
 */
export function scheduleJob(
  logger: Logger,
  job: { run: () => Promise<unknown>; intervalMs: number; failure: string; atStart?: boolean },
): () => void {
  const run = () => job.run().catch((err: unknown) => logger.error({ err }, job.failure));
  if (job.atStart !== false) void run();
  const timer = setInterval(() => void run(), job.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
