import { notify } from './notify';
import { createUpdateReloader, updateMessages } from './update-reload';

/**
 * A page inside another site's iframe (the cause embed) installs no worker: the worker answers
 * navigations with the app shell, whose headers forbid framing, so the embed's next load in that
 * frame would be refused. The embed is one small page that needs no offline copy.
 */
function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** Registers the service worker; a waiting update is offered with a toast, never forced mid-task. */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV || isFramed()) return;
  // Its own chunk: the worker is not needed for the first paint or for hydration.
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  const reloader = createUpdateReloader();

  wb.addEventListener('waiting', () => {
    notify.message(updateMessages.available, {
      duration: Infinity,
      action: { label: 'Reload', onClick: () => void reloader.applyUpdate(() => wb.messageSkipWaiting()) },
    });
  });

  // Also catches a worker activated by another tab, which this page's Workbox never saw waiting.
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first worker claiming a page that had none is an install, not an update: nothing to reload.
    if (!controlled) {
      controlled = true;
      return;
    }
    void reloader.onControllerChange();
  });

  // A browser may refuse (a private window, storage blocked): the site still works, online only.
  await wb.register().catch(() => undefined);
}
