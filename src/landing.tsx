// First: zod must be configured before a form loads it (see the module).
import '@/lib/zod-config';
import { getInstallOption, subscribeInstallOption } from '@/lib/install-prompt';
import { scrollToSectionOnArrival } from '@/components/layouts/section-link';
import { currentVisit, trackVisit } from '@/features/landing/api/track-visit';
import { apiBaseUrl } from '@/lib/api-client';
import { isOffline, startConnectivity, subscribeConnectivity } from '@/lib/connectivity';
import { whenToastRequested } from '@/lib/notify';
import { outbox, startOutbox } from '@/lib/outbox';
import { registerServiceWorker } from '@/lib/pwa';
import { syncThemeOnStart } from '@/lib/theme';

/**
 * The landing page's entry (ADR 0007, 0025). The page is prerendered and its header's controls
 * answer through public/boot.js, so this entry loads no React DOM: each island (components/ui/
 * island.tsx) is hydrated on its own, from ./landing-hydrate, only when it is first used (a
 * pointer, focus or key inside it, or a tap boot.js holds for it) or has something to show (a
 * toast, the offline banner, an install offer, unsent writes). Nothing large runs while a slow
 * phone loads the page, and a tap is never lost: boot.js replays it once the island is live.
 */

const islands = new Map<HTMLElement, Promise<void>>();
let queue: Promise<unknown> = Promise.resolve();

/** Hydrates the island around `element` (once), one island per task. */
function hydrateAround(element: Element | null | undefined): Promise<void> | undefined {
  const container = element?.closest<HTMLElement>('[data-island]');
  if (!container) return undefined;
  let hydrated = islands.get(container);
  if (!hydrated) {
    hydrated = queue.then(async () => {
      const { hydrateIsland } = await import('./landing-hydrate');
      await hydrateIsland(container);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    queue = hydrated;
    islands.set(container, hydrated);
  }
  return hydrated;
}

const idle = (run: () => void) =>
  window.requestIdleCallback
    ? window.requestIdleCallback(run, { timeout: 2000 })
    : window.setTimeout(run, 200);

const gestures = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
let gestured = false;
const waitingForGesture = new Set<() => void>();
for (const type of gestures)
  window.addEventListener(
    type,
    () => {
      gestured = true;
      waitingForGesture.forEach((run) => run());
      waitingForGesture.clear();
    },
    { capture: true, passive: true, once: true },
  );
/** Runs `run` once the visitor has scrolled, tapped or typed on the page (at once if they have). */
function afterFirstGesture(run: () => void) {
  if (gestured) run();
  else waitingForGesture.add(run);
}

const island = (name: string) => document.querySelector(`[data-island="${name}"]`);

declare global {
  interface Window {
    /** The element whose tap or submit public/boot.js holds until its code is live. */
    __bootHeld?: Element;
  }
}

function hydrateOnUse() {
  for (const type of ['pointerdown', 'focusin', 'keydown'] as const)
    document.addEventListener(type, (event) => void hydrateAround(event.target as Element), {
      capture: true,
      passive: true,
    });
  const held = () => void hydrateAround(window.__bootHeld);
  document.addEventListener('boot:held', held);
  held();
}

function hydrateWhenNeeded() {
  // Toasts come from the newsletter form and the service worker's update offer.
  whenToastRequested(() => void hydrateAround(island('toaster')));
  const showOffline = () => {
    if (isOffline()) void hydrateAround(island('offline-banner'));
  };
  subscribeConnectivity(showOffline);
  showOffline();
  startConnectivity(apiBaseUrl);
  // The header shows an install button and the outbox's count only when there is one.
  const header = () => void hydrateAround(island('public-header'));
  // Chromium offers installation while the page loads: the button waits for the visitor's first
  // gesture and an idle moment, so React DOM never competes with the page's load for it.
  const offerInstall = () => {
    if (getInstallOption() === 'none') return;
    afterFirstGesture(() => idle(header));
  };
  subscribeInstallOption(offerInstall);
  offerInstall();
  const unsent = () => {
    const { pending, attention } = outbox.getSnapshot();
    if (pending + attention.length > 0) header();
  };
  outbox.subscribe(unsent);
  unsent();
}

function start() {
  syncThemeOnStart();
  hydrateOnUse();
  hydrateWhenNeeded();
  scrollToSectionOnArrival();
  // SPEC §4: one page view is tracked when the landing page loads.
  void trackVisit(currentVisit(window.location, document.referrer));
  // Tests wait on this mark, as on the app's (src/routes/__root.tsx): the page's code is running,
  // and every control answers (natively, or replayed once its island is hydrated).
  document.documentElement.dataset.appReady = 'true';
  startOutbox();
  void registerServiceWorker();
}

start();
