import { describe, expect, it } from 'vitest';
import { themeFromCookieHeader, withThemeClass } from './theme';

describe('theme choice on the page', () => {
  it('reads only a valid choice from the Cookie header', () => {
    expect(themeFromCookieHeader('a=1; theme=dark; b=2')).toBe('dark');
    expect(themeFromCookieHeader('theme=light')).toBe('light');
    expect(themeFromCookieHeader('theme=purple')).toBeNull();
    expect(themeFromCookieHeader('mytheme=dark')).toBeNull();
    expect(themeFromCookieHeader(undefined)).toBeNull();
  });

  it('puts the choice on <html>, keeping its attributes and classes', () => {
    expect(withThemeClass('<!doctype html><html lang="en"><head>', 'dark')).toBe(
      '<!doctype html><html lang="en" class="dark"><head>',
    );
    expect(withThemeClass('<html lang="en" class="x">', 'light')).toBe('<html lang="en" class="light x">');
    expect(withThemeClass('<html lang="en">', null)).toBe('<html lang="en">');
  });
});
