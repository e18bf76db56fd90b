import { describe, expect, it } from 'vitest';
import { lastSeenLabel, relativeTime, roleLabel } from './format';

const now = Date.parse('2026-03-10T12:00:00.000Z');

describe('the staff screen’s words', () => {
  it('says when, either way', () => {
    expect(relativeTime('2026-03-10T11:59:30.000Z', now)).toBe('just now');
    expect(relativeTime('2026-03-10T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-03-09T11:00:00.000Z', now)).toBe('yesterday');
    expect(relativeTime('2026-03-16T12:00:00.000Z', now)).toBe('in 6 days');
  });

  it('says never for a member who never signed in', () => {
    expect(lastSeenLabel(null, now)).toBe('never');
    expect(lastSeenLabel('2026-03-10T09:00:00.000Z', now)).toBe('3 hours ago');
  });

  it('names roles as the screen reads them, the platform’s own and the stored lowercase admin too', () => {
    expect(roleLabel('NGO_ADMIN')).toBe('NGO admin');
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('SUPER_ADMIN')).toBe('Super admin');
  });
});
