import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppBindings } from './context';
import { connectOriginsOf, securityHeaders } from './security-headers';
import { inlineScriptHashes, mountClient } from './static-client';

const app = new Hono();
app.use('*', securityHeaders());
app.get('*', (c) => c.html('<p>page</p>'));

const frameAncestors = (res: Response) =>
  /frame-ancestors ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

describe('framing', () => {
  it('lets any site frame /cause-embed/* only', async () => {
    const embed = await app.request('/cause-embed/01jabcdefghjkmnpqrstvwxyz0');
    expect(frameAncestors(embed)).toBe('*');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('keeps every other page unframeable', async () => {
    for (const path of ['/', '/causes/abc', '/cause-embed', '/flutterwave-success', '/api/causes/x/public']) {
      const res = await app.request(path);
      expect(frameAncestors(res)).toBe("'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    const sim = await app.request('/api/test-mode/flutterwave/checkout/x');
    expect(frameAncestors(sim)).toBe("'none'");
    expect(sim.headers.get('content-security-policy')).toMatch(/form-action 'self' http: https:/);
  });

  it('applies to the app shell the built client serves', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'ngo-dist-'));
    writeFileSync(join(dist, 'app-shell.html'), '<!doctype html><html lang="en"><body>shell</body></html>');
    const client = new Hono<AppBindings>();
    client.use('*', securityHeaders());
    mountClient(client, dist);
    const embed = await client.request('/cause-embed/01jabcdefghjkmnpqrstvwxyz0');
    expect(await embed.text()).toContain('shell');
    expect(frameAncestors(embed)).toBe('*');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    const causes = await client.request('/causes/01jabcdefghjkmnpqrstvwxyz0');
    expect(frameAncestors(causes)).toBe("'none'");
    expect(causes.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('connect-src', () => {
  const connectSrc = (res: Response) =>
    /connect-src ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

  it('is the own origin only when the client calls relative addresses', async () => {
    expect(connectOriginsOf(['/api', undefined, 'api'])).toEqual([]);
    expect(connectSrc(await app.request('/'))).toBe("'self'");
  });

  it('lets pages reach a blogs backend on another origin (VITE_BLOGS_API_BASE_URL), once each', async () => {
    const origins = connectOriginsOf([
      'https://api.example.org/api',
      'https://blogs.example.org/v1/api',
      'https://api.example.org/other',
    ]);
    expect(origins).toEqual(['https://api.example.org', 'https://blogs.example.org']);
    const withBlogs = new Hono();
    withBlogs.use('*', securityHeaders({ connectOrigins: origins }));
    withBlogs.get('*', (c) => c.html('<p>page</p>'));
    for (const path of ['/public-blogs', '/cause-embed/01jabcdefghjkmnpqrstvwxyz0']) {
      expect(connectSrc(await withBlogs.request(path))).toBe(
        "'self' https://api.example.org https://blogs.example.org",
      );
    }
  });
});

describe('script-src', () => {
  const scriptSrc = (res: Response) =>
    /script-src ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
  const hash = 'sha256-roulUAgvl4l5M6G389fikc8DNslsLUu6oJfFGK/oKbU=';

  it("allows the build's boot script by its hash, and no other inline script", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'ngo-dist-'));
    mkdirSync(join(dist, 'ssr'));
    writeFileSync(join(dist, 'ssr', 'boot-script.sha256'), `${hash}\n`);
    const client = new Hono<AppBindings>();
    client.use('*', securityHeaders({ scriptHashes: inlineScriptHashes(dist) }));
    for (const path of ['/', '/cause-embed/01jabcdefghjkmnpqrstvwxyz0', '/api/health']) {
      const policy = scriptSrc(await client.request(path));
      expect(policy, path).toBe(`'self' '${hash}'`);
      expect(policy).not.toContain('unsafe-inline');
    }
  });

  it('is the own origin only when the client is not built, and refuses a hash file that holds no hash', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'ngo-dist-'));
    expect(inlineScriptHashes(dist)).toEqual([]);
    expect(scriptSrc(await app.request('/'))).toBe("'self'");
    mkdirSync(join(dist, 'ssr'));
    writeFileSync(join(dist, 'ssr', 'boot-script.sha256'), "'unsafe-inline'");
    expect(() => inlineScriptHashes(dist)).toThrow(/no sha256 hash/);
  });
});

describe('the build’s scripts and stylesheets', () => {
  it('carry what applies to a subresource only, and anything else under /assets keeps the full set', async () => {
    for (const path of ['/assets/index-AbC123.js', '/assets/styles-CNusLrKX.css']) {
      const res = await app.request(path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      // A document's policies do nothing on a script: about 750 bytes saved on each of a page's files.
      expect(res.headers.get('content-security-policy'), path).toBeNull();
      expect(res.headers.get('x-frame-options'), path).toBeNull();
    }
    for (const path of ['/assets/picture.svg', '/assets/../index.js', '/sw.js', '/']) {
      const res = await app.request(path);
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
    }
  });
});
