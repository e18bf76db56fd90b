import '@/lib/storage-guard';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { CauseEmbedScreen } from '@/features/causes/components/cause-embed-screen';
import { syncThemeOnStart } from '@/lib/theme';
import './styles.css';

/**
 * The cause embed's own entry (ADR 0017): other sites frame /cause-embed/{causeId}, often for donors on
 * 2G, so it loads React, the query client and the donation card only: no router, no route tree, no
 * persisted cache, no outbox and no service worker. The full app's route for the same path stays for
 * development and for links inside the app.
 */

function Ready() {
  // Tests wait on this mark, as on the app's (src/routes/__root.tsx).
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}

const causeId = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
syncThemeOnStart();
// A visitor's one card: nothing to keep between visits, and a failed load offers its own retry. It
// refreshes when the donor comes back from the checkout tab, so their gift shows in the totals.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <CauseEmbedScreen causeId={causeId} />
      <Ready />
    </QueryClientProvider>
  </StrictMode>,
);
