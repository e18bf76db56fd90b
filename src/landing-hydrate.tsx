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

/**
 * Hydrates one island and resolves once React has committed it (its handlers are live). Its container
 * says `data-island-state="hydrating"` meanwhile, and public/boot.js answers taps inside it until
 * then, since React marks the elements as it renders them and hydration yields between tasks before
 * it commits. (Elsewhere the whole app hydrates the same markup, and src/lib/app-ready.ts says when.)
 */
export function hydrateIsland(container: HTMLElement): Promise<void> {
  const Island = landingIslands[container.dataset.island ?? ''];
  if (!Island) {
    console.error(`No island named "${container.dataset.island}" in src/landing-islands.ts`);
    return Promise.resolve();
  }
  container.setAttribute('data-island-state', 'hydrating');
  return new Promise((resolve) => {
    const committed = () => {
      container.setAttribute('data-island-state', 'live');
      resolve();
    };
    hydrateRoot(
      container,
      <StrictMode>
        <Island />
        <Hydrated onHydrated={committed} />
      </StrictMode>,
    );
  });
}
