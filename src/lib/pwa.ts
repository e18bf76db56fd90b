import { notify } from './notify';

/** Registers the service worker; a waiting update is offered with a toast, never forced mid-task. */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // Its own chunk: the worker is not needed for the first paint or for hydration.
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    notify.message('A new version is available', {
      duration: Infinity,
      action: {
        label: 'Reload',
        onClick: () => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        },
      },
    });
  });
  await wb.register();
}
