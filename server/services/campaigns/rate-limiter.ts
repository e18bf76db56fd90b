/*
 * A token bucket for one process's sends to one provider: `burst` tokens at most, refilled at
 * `ratePerSecond`. A caller without a token waits its turn: waiters are served in the order they
 * came, by one timer set for the moment the next token is due (never a busy loop, never a timer per
 * waiter). A limit across replicas needs a shared counter; this only paces the process it runs in.
 */

export interface RateLimiter {
  /**
   * Resolves when the caller may send. An aborted signal rejects with its reason and gives the
   * place in the queue to the next waiter.
   */
  take(signal?: AbortSignal): Promise<void>;
}

/** Float slack: 100 ms at 10/s must make a whole token, not 0.9999999. */
const WHOLE = 1 - 1e-9;

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

const unlimited: RateLimiter = {
  take: (signal) => (signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve()),
};

/** `ratePerSecond` of 0, below 0 or Infinity means no limit. */
export function createRateLimiter(ratePerSecond: number, burst = ratePerSecond): RateLimiter {
  if (!(ratePerSecond > 0) || ratePerSecond === Infinity) return unlimited;
  // A burst under one token would never let anyone through.
  const capacity = Math.max(1, burst);
  let tokens = capacity;
  let updatedAt = performance.now();
  const waiters: Waiter[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function refill() {
    const now = performance.now();
    tokens = Math.min(capacity, tokens + ((now - updatedAt) / 1000) * ratePerSecond);
    updatedAt = now;
  }

  function settle(waiter: Waiter) {
    if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
  }

  function serve() {
    timer = undefined;
    refill();
    while (waiters.length > 0 && tokens >= WHOLE) {
      tokens = Math.max(0, tokens - 1);
      const waiter = waiters.shift()!;
      settle(waiter);
      waiter.resolve();
    }
    schedule();
  }

  function schedule() {
    if (timer !== undefined || waiters.length === 0) return;
    const wait = Math.max(0, ((1 - tokens) / ratePerSecond) * 1000);
    // Ceil so the timer never fires a hair before the token is whole (and then sets itself again).
    timer = setTimeout(serve, Math.ceil(wait));
  }

  return {
    take(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      refill();
      if (waiters.length === 0 && tokens >= WHOLE) {
        tokens = Math.max(0, tokens - 1);
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { resolve, reject, signal, onAbort: undefined };
        if (signal) {
          waiter.onAbort = () => {
            const at = waiters.indexOf(waiter);
            if (at >= 0) waiters.splice(at, 1);
            if (waiters.length === 0 && timer !== undefined) {
              clearTimeout(timer);
              timer = undefined;
            }
            reject(signal.reason);
          };
          signal.addEventListener('abort', waiter.onAbort, { once: true });
        }
        waiters.push(waiter);
        schedule();
      });
    },
  };
}
