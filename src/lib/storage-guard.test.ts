import { describe, expect, it } from 'vitest';
import { guardWebStorage } from './storage-guard';

describe('guardWebStorage', () => {
  it('leaves working storage alone', () => {
    expect(guardWebStorage(window)).toEqual([]);
  });

  it('replaces storage whose getter throws (a third-party frame with storage blocked)', () => {
    const blocked = {} as Window;
    for (const name of ['localStorage', 'sessionStorage'])
      Object.defineProperty(blocked, name, {
        configurable: true,
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
    expect(guardWebStorage(blocked)).toEqual(['localStorage', 'sessionStorage']);
    blocked.localStorage.setItem('token', 't');
    expect(blocked.localStorage.getItem('token')).toBe('t');
    expect(blocked.localStorage.length).toBe(1);
    expect(blocked.sessionStorage.getItem('x')).toBeNull();
  });
});
