// First: zod must be configured before a form loads it (see the module).
import '@/lib/zod-config';
import '@/lib/install-prompt';
import { StrictMode, useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { scrollToSectionOnArrival } from '@/components/layouts/section-link';
import { currentVisit, trackVisit } from '@/features/landing/api/track-visit';
import { startOutbox } from '@/lib/outbox';
import { registerServiceWorker } from '@/lib/pwa';
import { syncThemeOnStart } from '@/lib/theme';
import { landingIslands } from './landing-islands';

/**
 * The landing page's entry (ADR 0007). The page is prerendered; only the parts that react to the
 * visitor are hydrated, each as its own root, so the static rest costs no JavaScript and no
 * hydration time on a slow phone.
 */

function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/** Hydrates one island and resolves once React has committed it (its handlers are live). */
function hydrateIsland(container: HTMLElement, Island: ComponentType): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(
      container,
      <StrictMode>
        <Island />
        <Hydrated onHydrated={resolve} />
      </StrictMode>,
    );
  });
}

async function start() {
  syncThemeOnStart();
  for (const container of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const Island = landingIslands[container.dataset.island ?? ''];
    if (!Island) {
      console.error(`No island named "${container.dataset.island}" in src/landing-islands.ts`);
      continue;
    }
    // One island per task, so no single long task blocks a tap on a slow phone.
    await hydrateIsland(container, Island);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  scrollToSectionOnArrival();
  // SPEC §4: one page view per landing page load.
  void trackVisit(currentVisit(window.location, document.referrer));
  // Tests wait on this mark, as on the app's (src/routes/__root.tsx).
  document.documentElement.dataset.appReady = 'true';
  startOutbox();
  void registerServiceWorker();
}

void start();
