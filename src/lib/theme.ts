/** SPEC §3: the theme key holds 'dark' | 'light'; a separate dark-mode flag holds 'true' | 'false'. */
export const themeKeys = { theme: 'theme', darkMode: 'darkMode' } as const;

export type Theme = 'dark' | 'light';

export function storedTheme(storage: Storage = localStorage): Theme | null {
  const theme = storage.getItem(themeKeys.theme);
  if (theme === 'dark' || theme === 'light') return theme;
  const flag = storage.getItem(themeKeys.darkMode);
  if (flag === 'true') return 'dark';
  if (flag === 'false') return 'light';
  return null;
}

/**
 * Initial theme: the root's dark class (set before paint by public/theme-init.js) or the stored
 * choice; with neither, the system preference.
 */
export function initialTheme(doc: Document = document, storage: Storage = localStorage): Theme {
  if (doc.documentElement.classList.contains('dark')) return 'dark';
  const stored = storedTheme(storage);
  if (stored) return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme, doc: Document = document, storage: Storage = localStorage) {
  doc.documentElement.classList.toggle('dark', theme === 'dark');
  doc.documentElement.style.colorScheme = theme;
  storage.setItem(themeKeys.theme, theme);
  storage.setItem(themeKeys.darkMode, String(theme === 'dark'));
}

export const toggleLabel = (theme: Theme) =>
  theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
