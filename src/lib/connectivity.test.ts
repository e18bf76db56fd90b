import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOffline, probeConnectivity, resetConnectivityForTests } from './connectivity';

afterEach(() => {
  vi.unstubAllGlobals();
  resetConnectivityForTests();
});

describe('the connectivity probe', () => {
  it('counts any answer as reachable, and reads the answer to its end so the request can finish', async () => {
    const answer = new Response(JSON.stringify({ status: 'ok', database: 'up' }));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer));
    await probeConnectivity();
    expect(isOffline()).toBe(false);
    await vi.waitFor(() => expect(answer.bodyUsed).toBe(true));
  });

  it('counts a failed fetch as unreachable', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await probeConnectivity();
    expect(isOffline()).toBe(true);
  });
});
