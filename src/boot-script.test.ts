import { readFileSync } from 'node:fs';
import { themeFromCookieHeader } from '@contract/theme';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initialTheme, storedTheme, toggleLabel } from '@/lib/theme';

/**
 * public/boot.js runs the header's controls before the page's code (ADR 0025) and writes what
 * src/lib/theme.ts writes, from its own copy of the names: this runs the file in the page and
 * reads its work back with the app's own readers, so the two cannot drift apart.
 */

beforeAll(() => {
  const script = document.createElement('script');
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  new Function(readFileSync('public/boot.js', 'utf8'))();
  Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
});

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.className = '';
  localStorage.clear();
});

describe('public/boot.js before the page code', () => {
  it('switches the theme as the app would, and labels the toggle as the app does', () => {
    document.body.innerHTML = `<button type="button" data-boot="theme" aria-label="${toggleLabel('light')}"></button>`;
    const toggle = document.querySelector('button')!;
    toggle.click();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(storedTheme()).toBe('dark');
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(themeFromCookieHeader(document.cookie)).toBe('dark');
    expect(initialTheme()).toBe('dark');
    expect(toggle.getAttribute('aria-label')).toBe(toggleLabel('dark'));

    toggle.click();
    expect(initialTheme()).toBe('light');
    expect(document.documentElement.classList.contains('light')).toBe(true);
    expect(storedTheme()).toBe('light');
    expect(themeFromCookieHeader(document.cookie)).toBe('light');
    expect(toggle.getAttribute('aria-label')).toBe(toggleLabel('light'));
  });

  it('opens and closes the mobile menu, and closes it on Escape with focus back on its button', () => {
    document.body.innerHTML = `<header data-menu-open="false"><button type="button" data-boot="menu"
      aria-label="Open menu" aria-expanded="false" aria-controls="menu"></button>
      <div id="menu" hidden><a href="/pricing">Pricing</a></div></header>`;
    const button = document.querySelector('button')!;
    const panel = document.getElementById('menu')!;
    button.click();
    expect(panel.hidden).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Close menu');
    expect(document.querySelector('header')!.dataset.menuOpen).toBe('true');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(panel.hidden).toBe(true);
    expect(button.getAttribute('aria-label')).toBe('Open menu');
    expect(document.activeElement).toBe(button);
  });

  it("answers the landing page's menu itself while the header's island is hydrating, and leaves it to React once committed", () => {
    document.documentElement.dataset.appReady = 'true';
    document.body.innerHTML = `<div data-island="public-header" data-island-state="hydrating"><header data-menu-open="false">
      <button type="button" data-boot="menu" aria-label="Open menu" aria-expanded="false"
      aria-controls="menu"></button><div id="menu" hidden></div></header></div>`;
    const button = document.querySelector('button')!;
    // What React leaves on an element as it renders it, before the commit.
    Object.assign(button, { __reactProps$test: {} });
    button.click();
    expect(document.getElementById('menu')!.hidden).toBe(false);

    document.querySelector('[data-island]')!.setAttribute('data-island-state', 'live');
    let reachedReact = false;
    document.body.addEventListener('click', () => (reachedReact = true));
    button.click();
    expect(reachedReact).toBe(true);
    expect(document.getElementById('menu')!.hidden).toBe(false);
    delete document.documentElement.dataset.appReady;
  });

  it('keeps a tap on a button the code has not taken over, marked as waiting', () => {
    document.body.innerHTML = '<button type="button">Learn more</button>';
    const button = document.querySelector('button')!;
    let reached = false;
    document.body.addEventListener('click', () => (reached = true));
    button.click();
    expect(reached).toBe(false);
    expect(button.hasAttribute('data-tap-waiting')).toBe(true);
  });

  it('lets a visitor follow a session-dependent link, and holds it for a signed-in user', () => {
    document.body.innerHTML = '<a href="#signup" data-hold-tap="signed-in">Choose plan</a>';
    const link = document.querySelector('a')!;
    const clickWasCancelled = () =>
      !link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(clickWasCancelled()).toBe(false);
    localStorage.setItem('token', 'a-token');
    expect(clickWasCancelled()).toBe(true);
    expect(link.hasAttribute('data-tap-waiting')).toBe(true);
  });
});
