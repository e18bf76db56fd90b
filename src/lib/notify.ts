import { useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

/**
 * Toasts for the public pages without shipping sonner in their first load: the library is fetched
 * the first time a toast is shown (or when the browser is idle), then the Toaster mounts and shows it.
 */
type Sonner = typeof SonnerModule;
let sonner: Promise<Sonner> | undefined;
const mountListeners = new Set<() => void>();
let mounted = false;

export const loadSonner = () => (sonner ??= import('sonner'));

function requestMount() {
  if (mounted) return;
  mounted = true;
  mountListeners.forEach((l) => l());
}

async function show(kind: 'success' | 'error' | 'message', message: string, options?: ExternalToast) {
  requestMount();
  const { toast } = await loadSonner();
  // Let the Toaster subscribe before the first toast is published.
  await new Promise((r) => setTimeout(r, 0));
  const fn = kind === 'message' ? toast : toast[kind];
  if (options) fn(message, options);
  else fn(message);
}

export const notify = {
  success: (message: string, options?: ExternalToast) => void show('success', message, options),
  error: (message: string, options?: ExternalToast) => void show('error', message, options),
  message: (message: string, options?: ExternalToast) => void show('message', message, options),
};

const subscribeToMount = (listener: () => void) => {
  mountListeners.add(listener);
  return () => {
    mountListeners.delete(listener);
  };
};

/**
 * Calls `listener` once a toast has been asked for (at once if one already was): the landing page
 * hydrates its toaster island only then (src/landing.tsx).
 */
export function whenToastRequested(listener: () => void): void {
  if (mounted) listener();
  else mountListeners.add(listener);
}

/** Whether the lazily loaded Toaster should be on the page yet (never during prerendering). */
export const useToasterMounted = (): boolean =>
  useSyncExternalStore(
    subscribeToMount,
    () => mounted,
    () => false,
  );
