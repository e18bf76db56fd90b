import { useEffect } from 'react';

/*
 * `<html data-app-ready="true">`: the page's code has taken over what is on screen. public/boot.js
 * holds taps, submits and typed text until then and hands them to React after (ADR 0025); tests
 * wait on it.
 *
 * A hydrated page commits in parts: React hydrates the shell first and every Suspense boundary (the
 * router wraps each route match in one) in a later pass of its own. The root's effect therefore runs
 * while the page's content may still be mid-hydration, when its fields already carry React's props
 * but a change they report updates state that the pass then throws away: typed text replayed then was
 * lost ('Education' became ''). So a hydrated page is marked by its content (the public layout), and
 * a page rendered on the client, which commits whole, by its root.
 */

let hydratingContent = false;

/** Called before hydrating prerendered markup: the root's mark waits for the page's content. */
export function expectHydratedContent() {
  hydratingContent = true;
}

/** Marks the page ready from the root (client rendering) or from the page's content (always). */
export function useAppReadyMark(from: 'root' | 'content') {
  useEffect(() => {
    if (from === 'root' && hydratingContent) return;
    document.documentElement.dataset.appReady = 'true';
  }, [from]);
}
