/**
 * The theme choice travels with the page request, so the first paint has the right theme without
 * a render-blocking script (ADR 0007): the client stores it in a cookie for the server and in the
 * Cache Storage for the service worker (which never sees cookies); both put it on `<html>`.
 * With no choice the page has no class and the CSS follows the system preference.
 */
export type ThemeChoice = 'dark' | 'light';

export const themeCookieName = 'theme';
export const themeCacheName = 'ngo-portal-theme';
export const themeCacheKey = '/__theme-choice';

export const parseThemeChoice = (value: string | null | undefined): ThemeChoice | null =>
  value === 'dark' || value === 'light' ? value : null;

/** The theme choice in a Cookie header, if any. */
export function themeFromCookieHeader(header: string | null | undefined): ThemeChoice | null {
  const match = header?.match(new RegExp(`(?:^|;\\s*)${themeCookieName}=([^;]*)`));
  return parseThemeChoice(match?.[1]);
}

/** The page's HTML with the choice as a class on its root element (an existing class list is kept). */
export function withThemeClass(html: string, theme: ThemeChoice | null): string {
  if (!theme) return html;
  return html.replace(/<html\b([^>]*)>/i, (tag, attrs: string) => {
    if (/\sclass="/i.test(attrs)) return tag.replace(/\sclass="/i, ` class="${theme} `);
    return `<html${attrs} class="${theme}">`;
  });
}
