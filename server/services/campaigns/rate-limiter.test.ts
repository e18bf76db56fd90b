import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRateLimiter } from './rate-limiter';

/*
 * The per-process pace of a provider's sends: a burst goes at once, the rest wait their turn in the
 * order they asked, at the rate, on fake time.
 */

beforeEach(() => {
  vi.useFakeTimers();
});
// This project's files share a worker (isolate: false): real timers must come back for the next file.
afterEach(() => {
  vi.useRealTimers();
});

/** Starts `count` takes at once; records when (fake ms since start) and in which order each resolves. */
function takeAll(limiter: ReturnType<typeof createRateLimiter>, count: number) {
  const start = performance.now();
  const done: { index: number; at: number }[] = [];
  const takes = Array.from({ length: count }, (_, index) =>
    limiter.take().then(() => done.push({ index, at: performance.now() - start })),
  );
  return { done, takes };
}

describe('the rate limiter', () => {
  it('lets 50 takes at 10/s with a burst of 10 through over 4 s, in the order they came', async () => {
    const { done } = takeAll(createRateLimiter(10, 10), 50);

    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveLength(10);
    expect(done.every((d) => d.at === 0)).toBe(true);

    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toHaveLength(20);

    await vi.advanceTimersByTimeAsync(3999 - 1000);
    expect(done).toHaveLength(49);

    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveLength(50);
    expect(done.map((d) => d.index)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    // One every 100 ms after the burst.
    expect(done.slice(10).map((d) => d.at)).toEqual(Array.from({ length: 40 }, (_, i) => (i + 1) * 100));
    // Nothing left to wait for: no timer keeps running.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps one timer however many wait', async () => {
    const { done } = takeAll(createRateLimiter(10, 10), 200);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveLength(10);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('refills while idle, up to the burst only', async () => {
    const limiter = createRateLimiter(10, 5);
    await takeAll(limiter, 5).takes[4];
    await vi.advanceTimersByTimeAsync(60_000);

    const { done } = takeAll(limiter, 8);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(300);
    expect(done).toHaveLength(8);
  });

  it('drops an aborted waiter and serves the next one in its place', async () => {
    const limiter = createRateLimiter(1, 1);
    await limiter.take();
    const abort = new AbortController();
    const order: string[] = [];
    const first = limiter.take(abort.signal).then(
      () => order.push('aborted one'),
      (err: unknown) => order.push(`rejected: ${(err as Error).message}`),
    );
    const second = limiter.take().then(() => order.push('second'));

    abort.abort(new Error('campaign cancelled'));
    await first;
    expect(order).toEqual(['rejected: campaign cancelled']);

    await vi.advanceTimersByTimeAsync(1000);
    await second;
    expect(order).toEqual(['rejected: campaign cancelled', 'second']);
  });

  it('never waits when the rate is 0 or Infinity', async () => {
    for (const rate of [0, Infinity]) {
      const { done } = takeAll(createRateLimiter(rate), 1000);
      await vi.advanceTimersByTimeAsync(0);
      expect(done).toHaveLength(1000);
      expect(vi.getTimerCount()).toBe(0);
    }
  });
});
