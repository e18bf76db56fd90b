import { CACHE_PORTAL_CODE_MESSAGE, type CachePortalCodeMessage } from '@contract/portal-code-protocol';

/**
 * Asks the service worker to keep the whole portal's code for offline use. Sent when a signed-in
 * user opens the portal; the worker fetches only what it does not hold yet, in the background.
 */
export async function cachePortalCode(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.ready;
    const message: CachePortalCodeMessage = { type: CACHE_PORTAL_CODE_MESSAGE };
    registration.active?.postMessage(message);
  } catch {
    // No worker (development, a framed page): the portal is simply not available offline.
  }
}
