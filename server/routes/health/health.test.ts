import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system endpoints', () => {
  it('reports the database as reachable', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('serves an OpenAPI document of every route', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ openapi: '3.1.0', info: { title: 'NGO Portal API' } });
    const paths = Object.keys((res.body as unknown as { paths: object }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/signup',
        '/api/auth/verify-email',
        '/api/auth/resend-verification',
        '/api/auth/signin',
        '/api/auth/forgot-password',
        '/api/auth/reset-password',
        '/api/auth/me',
        '/api/dashboard/summary',
        '/api/ngos/{ngoId}',
        '/api/ngos/{ngoId}/members',
      ]),
    );
  });

  it('answers unknown API paths with the JSON error shape, never the client shell', async () => {
    const res = await call(t.app, 'GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found.', code: 'not_found' });
  });

  it('rejects bodies over the size limit with 413', async () => {
    const res = await call(t.app, 'POST', '/api/health', { blob: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'payload_too_large' });
  });

  it('sets the security headers, with a CSP that allows no inline script', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
