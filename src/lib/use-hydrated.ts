import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while rendering on the server and while hydrating prerendered markup, true otherwise
 * (including a fresh client render). A prerendered page shows what the build could know; data the
 * browser already holds (a warmed query cache, the address's search) is shown once this is true,
 * so the hydrating render equals the static HTML.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
