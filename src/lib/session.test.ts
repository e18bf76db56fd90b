import { describe, expect, it, vi } from 'vitest';
import { clearSession, displayName, getStoredRole, getStoredUser, onSignedIn, saveSession } from './session';

const user = { id: 'u1', role: 'NGO_ADMIN', name: 'Nadia', email: 'nadia@example.org', ngoId: 'n1' };

describe('browser-stored session keys', () => {
  it('stores token, user, userRole, userId and ngoId on sign-in', () => {
    saveSession('tok', user);
    expect(localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    expect(localStorage.getItem('userRole')).toBe('NGO_ADMIN');
    expect(localStorage.getItem('userId')).toBe('u1');
    expect(localStorage.getItem('ngoId')).toBe('n1');
  });

  it('tells the page after each sign-in, once the session is stored, until unsubscribed', () => {
    const seen: (string | null)[] = [];
    const listener = vi.fn(() => seen.push(localStorage.getItem('token')));
    const stop = onSignedIn(listener);
    saveSession('first', user);
    saveSession('second', user);
    stop();
    saveSession('third', user);
    expect(seen).toEqual(['first', 'second']);
  });

  it('fills in a missing userId copy from the stored user', () => {
    localStorage.setItem('user', JSON.stringify({ id: 'u9', role: 'STAFF' }));
    expect(getStoredUser()?.id).toBe('u9');
    expect(localStorage.getItem('userId')).toBe('u9');
  });

  it('reads the role from the stored user and accepts lowercase admin', () => {
    localStorage.setItem('user', JSON.stringify({ id: 'u2', role: 'admin' }));
    expect(getStoredRole()).toBe('ADMIN');
  });

  it('clears every key', () => {
    saveSession('tok', user);
    clearSession();
    for (const key of ['token', 'user', 'userRole', 'userId', 'ngoId'])
      expect(localStorage.getItem(key)).toBeNull();
  });

  it("says 'Signed in as' the name, else the email, else 'User'", () => {
    expect(displayName({ id: '1', role: 'X', name: 'Ana', email: 'a@x.org' })).toBe('Ana');
    expect(displayName({ id: '1', role: 'X', name: '', email: 'a@x.org' })).toBe('a@x.org');
    expect(displayName({ id: '1', role: 'X' })).toBe('User');
    expect(displayName(null)).toBe('User');
  });

  it('survives a corrupt stored user', () => {
    localStorage.setItem('user', '{not json');
    expect(getStoredUser()).toBeNull();
  });
});
