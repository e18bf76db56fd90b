export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 10 * 60_000;

/**
 * The wait before the next try after `attempts` failures: exponential, capped, with "equal jitter"
 * (a random point in the upper half), so tabs and phones that failed together do not all come back
 * in the same second, and the wait never shrinks from one failure to the next.
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempts - 1);
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(exponent, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Retry-After in seconds or as an HTTP date, in ms from now; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
