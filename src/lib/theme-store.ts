import { useSyncExternalStore } from 'react';
import { applyTheme, type Theme } from './theme';

const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// The root's class is the truth: public/theme-init.js set it before first paint.
const snapshot = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

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
