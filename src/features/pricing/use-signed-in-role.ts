import { useSyncExternalStore } from 'react';
import { getStoredRole, isSignedIn } from '@/lib/session';

function subscribe(onChange: () => void) {
  // Another tab signing in or out changes what this page may offer.
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

const readRole = () => (isSignedIn() ? getStoredRole() : null);
const onServer = () => null;

/**
 * The signed-in user's role, or null for a visitor. The page is prerendered for visitors, so the
 * server snapshot is null and React uses it for the hydrating render too: localStorage is only
 * read once the page is live, and the first client render equals the static HTML.
 */
export function useSignedInRole(): string | null {
  return useSyncExternalStore(subscribe, readRole, onServer);
}
