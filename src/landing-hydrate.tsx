import { StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { landingIslands } from './landing-islands';

/**
 * React DOM and the islands' components: loaded by src/landing.tsx only when an island is first
 * used or needed (ADR 0025), so nothing of this runs while a slow phone loads the page.
 */

function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/** Hydrates one island and resolves once React has committed it (its handlers are live). */
export function hydrateIsland(container: HTMLElement): Promise<void> {
  const Island = landingIslands[container.dataset.island ?? ''];
  if (!Island) {
    console.error(`No island named "${container.dataset.island}" in src/landing-islands.ts`);
    return Promise.resolve();
  }
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
