import { useSyncExternalStore } from 'react';
import { applyTheme, storedTheme, syncThemeOnStart, type Theme } from './theme';

const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // With no stored choice the page follows the system, which can change while it is open.
  const media = window.matchMedia?.('(prefers-color-scheme: dark)');
  const onSystemChange = () => {
    if (!storedTheme()) syncThemeOnStart();
    listener();
  };
  media?.addEventListener?.('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener?.('change', onSystemChange);
  };
};

/** What is on screen: the root's class when the theme was chosen or synced, else the system's. */
const snapshot = (): Theme => {
  const root = document.documentElement.classList;
  if (root.contains('dark')) return 'dark';
  if (root.contains('light')) return 'light';
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
};

/**
 * The current theme, safe for prerendered pages: the server snapshot is 'light', and React swaps
 * in the real value right after hydration without a mismatch.
 */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, snapshot, () => 'light' as const);
  const setTheme = (next: Theme) => {
    applyTheme(next);
    listeners.forEach((l) => l());
  };
  return [theme, setTheme];
}
