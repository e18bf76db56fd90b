import { useSyncExternalStore } from 'react';

/*
 * Wider than a phone held upright (Tailwind's `sm`): the members table fits; below it, cards read
 * better. The responses screen has the same hook; features do not share code, and lib/ holds none yet.
 */
const QUERY = '(min-width: 40rem)';

const mediaQuery = () =>
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY) : null;

const subscribe = (listener: () => void) => {
  const query = mediaQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};

/** True on a screen wide enough for the table (and where the width cannot be asked). */
export const useWideScreen = () =>
  useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? true,
    () => true,
  );
