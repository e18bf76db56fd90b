import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './safe-redirect';

describe('post-sign-in destination', () => {
  it('returns to a remembered same-origin path with its search', () => {
    expect(safeRedirectTarget('/grants?country=Rwanda')).toBe('/grants?country=Rwanda');
  });
  it.each(['https://evil.example', '//evil.example', '/\\evil', undefined, 42, '/signin?x=1'])(
    'refuses %s and falls back to the dashboard',
    (target) => expect(safeRedirectTarget(target)).toBe('/dashboard'),
  );
});
