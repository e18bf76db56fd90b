import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, initialTheme, toggleLabel } from './theme';

function mockSystemDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn().mockImplementation((q: string) => ({ matches: dark && q.includes('dark'), media: q })),
  );
}

describe('theme', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("stores 'dark'/'light' under theme and true/false under darkMode, toggling the root class", () => {
    applyTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('darkMode')).toBe('true');
    applyTheme('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
    expect(localStorage.getItem('darkMode')).toBe('false');
  });

  it('starts from the dark class on the page first', () => {
    mockSystemDark(false);
    localStorage.setItem('theme', 'light');
    document.documentElement.classList.add('dark');
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

  it('labels the toggle by what it will do', () => {
    expect(toggleLabel('dark')).toBe('Switch to light mode');
    expect(toggleLabel('light')).toBe('Switch to dark mode');
  });
});
