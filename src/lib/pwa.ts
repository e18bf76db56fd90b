import { Workbox } from 'workbox-window';
import { notify } from './notify';

/** Registers the service worker; a waiting update is offered with a toast, never forced mid-task. */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
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
  void wb.register();
}
