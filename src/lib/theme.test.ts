import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, initialTheme, syncThemeOnStart, toggleLabel } from './theme';

function mockSystemDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn().mockImplementation((q: string) => ({ matches: dark && q.includes('dark'), media: q })),
  );
}

const root = () => document.documentElement;
const clearCookie = () => {
  document.cookie = 'theme=; Path=/; Max-Age=0';
};

describe('theme', () => {
  beforeEach(() => {
    root().className = '';
    localStorage.clear();
    clearCookie();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("stores 'dark'/'light' under theme and true/false under darkMode, toggling the root class", () => {
    applyTheme('dark');
    expect(root().classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('darkMode')).toBe('true');
    applyTheme('light');
    expect(root().classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
    expect(localStorage.getItem('darkMode')).toBe('false');
  });

  it('hands the choice to the server in the theme cookie, so the next page paints in it at once', () => {
    applyTheme('dark');
    expect(document.cookie).toContain('theme=dark');
    applyTheme('light');
    expect(document.cookie).toContain('theme=light');
    // A light choice over a dark system is explicit on the root, so the CSS does not follow the system.
    expect(root().classList.contains('light')).toBe(true);
  });

  it('starts from the class on the page first', () => {
    mockSystemDark(false);
    localStorage.setItem('theme', 'light');
    root().classList.add('dark');
    expect(initialTheme()).toBe('dark');
  });

  it('then from the stored preference, then from the system preference', () => {
    mockSystemDark(true);
    localStorage.setItem('theme', 'light');
    expect(initialTheme()).toBe('light');
    localStorage.clear();
    expect(initialTheme()).toBe('dark');
    mockSystemDark(false);
    expect(initialTheme()).toBe('light');
  });

  it('at start-up, a stored choice wins and is shared again; with none, the system decides the class', () => {
    mockSystemDark(false);
    localStorage.setItem('darkMode', 'true');
    syncThemeOnStart();
    expect(root().classList.contains('dark')).toBe(true);
    expect(document.cookie).toContain('theme=dark');

    root().className = '';
    localStorage.clear();
    clearCookie();
    mockSystemDark(true);
    syncThemeOnStart();
    expect(root().classList.contains('dark')).toBe(true);
    // Following the system is not a choice: nothing is stored for it.
    expect(localStorage.getItem('theme')).toBeNull();
    expect(document.cookie).not.toContain('theme=');
  });

  it('labels the toggle by what it will do', () => {
    expect(toggleLabel('dark')).toBe('Switch to light mode');
    expect(toggleLabel('light')).toBe('Switch to dark mode');
  });
});
