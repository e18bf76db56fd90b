import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { apiBaseUrl } from '@/lib/api-client';
import { startConnectivity, useOffline } from '@/lib/connectivity';

/**
 * Says, for every page, that the app is offline. The live region is always in the page, so the
 * change is announced (a region inserted together with its text often is not). Fixed to the bottom
 * edge: it covers nothing of the fixed header and shifts no content when it comes and goes.
 */
export function OfflineBanner() {
  const offline = useOffline();
  useEffect(() => startConnectivity(apiBaseUrl), []);
  // Room under the page's end for the bar (src/styles.css), so it hides nothing of the footer.
  useEffect(() => {
    document.documentElement.toggleAttribute('data-offline', offline);
  }, [offline]);
  return (
    <div role="status" aria-live="polite" data-testid="offline-banner" className="contents">
      {offline && (
        <p className="fixed inset-x-0 bottom-0 z-40 flex items-center justify-center gap-2 bg-slate-900 px-4 py-2 text-center text-sm font-medium text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
          <WifiOff aria-hidden className="size-4 shrink-0" />
          You are offline. Showing what was saved on this device.
        </p>
      )}
    </div>
  );
}
