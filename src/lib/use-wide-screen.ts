import { useSyncExternalStore } from 'react';

/** Wider than a phone held upright (Tailwind's `sm`): a table fits; below it, cards read better. */
const QUERY = '(min-width: 40rem)';

const mediaQuery = () =>
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY) : null;

const subscribe = (listener: () => void) => {
  const query = mediaQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};

/** True on a screen wide enough for a table (and where the width cannot be asked). */
export const useWideScreen = () =>
  useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? true,
    () => true,
  );
