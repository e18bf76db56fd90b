import { describe, expect, it } from 'vitest';
import { relativeTimeAgo, savedResultsLabel } from './saved-label';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (seconds: number) => now - seconds * 1000;

describe("the 'saved' label of an offline listing", () => {
  it('says how long ago the copy was saved', () => {
    expect(savedResultsLabel(ago(5 * 60), now)).toBe('Offline: showing results saved 5 minutes ago');
    expect(relativeTimeAgo(ago(20), now)).toBe('just now');
    expect(relativeTimeAgo(ago(60), now)).toBe('1 minute ago');
    expect(relativeTimeAgo(ago(3 * 3600 + 59), now)).toBe('3 hours ago');
    expect(relativeTimeAgo(ago(26 * 3600), now)).toBe('yesterday');
    expect(relativeTimeAgo(ago(3 * 24 * 3600), now)).toBe('3 days ago');
    expect(relativeTimeAgo(ago(8 * 24 * 3600), now)).toBe('last week');
  });

  it('treats a date slightly in the future (clock skew) as just now', () => {
    expect(relativeTimeAgo(now + 30_000, now)).toBe('just now');
  });
});
