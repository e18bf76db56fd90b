import type { TrackVisitBody } from '@contract/marketing';
import { useEffect, useRef } from 'react';
import { apiBaseUrl } from '@/lib/api-client';
import { getToken } from '@/lib/session';

/** The contract caps both fields; a longer value is cut rather than rejected, so the visit still counts. */
const MAX_LENGTH = 2048;

/** The page view of the browser's current location (SPEC §7: url is the path plus the query). */
export function currentVisit(loc: Pick<Location, 'pathname' | 'search'>, referrer: string): TrackVisitBody {
  return {
    url: `${loc.pathname}${loc.search}`.slice(0, MAX_LENGTH),
    referrer: referrer ? referrer.slice(0, MAX_LENGTH) : undefined,
  };
}

/**
 * Fire and forget, and never throws. Plain fetch rather than the API client on purpose: the
 * client's 401 rule would clear a stale session and leave the landing page for /signin, and a
 * page-view ping must never do that. `keepalive` lets the request finish if the visitor leaves at
 * once. The spec's request rules (one base, JSON, cookies, bearer token when stored) still hold.
 */
export async function trackVisit(body: TrackVisitBody): Promise<void> {
  // A path the server would refuse ('//host', say) is not worth a request. Checked by hand: the
  // landing page must not load zod for one ping.
  if (!body.url.startsWith('/') || body.url.startsWith('//')) return;
  try {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    await fetch(`${apiBaseUrl}/marketing/track-visit`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'include',
      keepalive: true,
    });
  } catch {
    // SPEC §7: failures are silent (offline, blocked by an extension, storage unavailable...).
  }
}

/**
 * One page view per landing page shown. StrictMode runs effects twice in development on the same
 * component instance, so a ref (not state, not a dependency) keeps that to one request.
 */
export function useTrackVisit() {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void trackVisit(currentVisit(window.location, document.referrer));
  }, []);
}
