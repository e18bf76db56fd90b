import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, errorMessage, handleUnauthorized } from './api-client';
import { saveSession, storageKeys } from './session';

const user = { id: 'u1', role: 'STAFF', name: 'Eric', email: 'eric@example.org', ngoId: 'n1' };

function fakeLocation(pathname: string) {
  return { pathname, assign: vi.fn() };
}

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the 401 rule', () => {
  beforeEach(() => saveSession('tok-123', user));

  it.each(['/dashboard', '/grants/abc', '/settings'])(
    'on %s clears every stored key and goes to /signin',
    async (path) => {
      const location = fakeLocation(path);
      expect(await handleUnauthorized(location)).toBe(true);
      for (const key of Object.values(storageKeys)) expect(localStorage.getItem(key)).toBeNull();
      expect(location.assign).toHaveBeenCalledWith('/signin');
    },
  );

  it.each(['/signin', '/signup', '/forgot-password', '/signin/'])(
    'on the exempt page %s clears nothing and leaves the error to the caller',
    async (path) => {
      const location = fakeLocation(path);
      expect(await handleUnauthorized(location)).toBe(false);
      expect(localStorage.getItem('token')).toBe('tok-123');
      expect(localStorage.getItem('user')).not.toBeNull();
      expect(location.assign).not.toHaveBeenCalled();
    },
  );
});

describe('the API client', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends JSON to /api with cookies and the stored bearer token', async () => {
    saveSession('tok-abc', user);
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ ok: true }));
    await api('/health');
    const [request, init] = fetchSpy.mock.calls[0]!;
    expect(String(request)).toBe('/api/health');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-abc');
  });

  it('sends no Authorization header when no token is stored', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ ok: true }));
    await api('/health');
    expect(new Headers(fetchSpy.mock.calls[0]![1]?.headers).has('authorization')).toBe(false);
  });

  it("shows the server's message from the error body", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ message: 'Email taken', code: 'conflict' }, 409),
    );
    const error = await api('/x', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(errorMessage(error, 'fallback')).toBe('Email taken');
  });
});
