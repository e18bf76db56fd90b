import { useSyncExternalStore } from 'react';

/*
 * Whether the app can reach its API. `navigator.onLine` alone is not enough: a phone on a captive
 * Wi-Fi, or a server that is down, reads "online" while every request fails, and the service worker
 * then answers from its caches so the page would never notice. So the browser's flag is combined
 * with what the API itself answers: a probe of /api/health at start, again whenever a request fails
 * for lack of a network, and every PROBE_INTERVAL_MS while unreachable.
 *
 * No React Query or API-client import here: the landing page's offline banner island uses this
 * module and must stay tiny.
 */

const PROBE_INTERVAL_MS = 15_000;
const PROBE_TIMEOUT_MS = 8_000;

type Listener = () => void;
const listeners = new Set<Listener>();

let reachable = true;
let healthUrl = '/api/health';
let started = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let probing: Promise<void> | null = null;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** True when the browser says offline or the API did not answer the last probe. */
export function isOffline(): boolean {
  return !browserOnline() || !reachable;
}

function setReachable(next: boolean) {
  if (next === reachable) return;
  reachable = next;
  notify();
}

function notify() {
  for (const listener of listeners) listener();
}

export function subscribeConnectivity(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks the API whether it answers. Any HTTP answer means reachable; only a failed fetch does not. */
export function probeConnectivity(): Promise<void> {
  if (!browserOnline()) return Promise.resolve();
  probing ??= fetch(healthUrl, {
    cache: 'no-store',
    credentials: 'omit',
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  })
    .then(
      (res) => {
        setReachable(true);
        // Read to its end: a body nobody reads keeps the request open in Chrome (and its HTTP/1.1
        // connection, one of six) until the timeout aborts it, 8 s on every page load.
        void Promise.resolve()
          .then(() => res.arrayBuffer())
          .catch(() => {});
      },
      () => setReachable(false),
    )
    .finally(() => {
      probing = null;
      clearTimeout(retryTimer);
      if (!reachable) retryTimer = setTimeout(() => void probeConnectivity(), PROBE_INTERVAL_MS);
    });
  return probing;
}

/** A request failed without any HTTP answer: check whether the API is gone rather than guess. */
export function reportNetworkFailure() {
  void probeConnectivity();
}

/** A request got an HTTP answer from the network: the API is reachable. */
export function reportNetworkSuccess() {
  setReachable(true);
}

/**
 * Starts watching once per page. `apiBase` is the API's base URL (the health probe lives there).
 * The first probe waits for an idle moment so it never competes with the first paint.
 */
export function startConnectivity(apiBase = '/api') {
  if (started || typeof window === 'undefined') return;
  started = true;
  healthUrl = `${apiBase.replace(/\/+$/, '')}/health`;
  window.addEventListener('online', () => {
    notify();
    void probeConnectivity();
  });
  window.addEventListener('offline', notify);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && isOffline()) void probeConnectivity();
  });
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
  idle(() => void probeConnectivity());
}

/** Offline per isOffline; false while prerendering and hydrating, so markup matches the build's. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOffline, () => false);
}

/** For tests: back to a fresh page's state. */
export function resetConnectivityForTests() {
  reachable = true;
  started = false;
  probing = null;
  clearTimeout(retryTimer);
  listeners.clear();
}
