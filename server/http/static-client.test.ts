import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppBindings } from './context';
import { mountClient } from './static-client';

/** A script as the build writes it, with the brotli the build writes beside it (scripts/precompress.ts). */
const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;

const page = (name: string) => `<!doctype html><html lang="en"><head></head><body>${name}</body></html>`;

let app: Hono<AppBindings>;
beforeAll(() => {
  const dist = mkdtempSync(join(tmpdir(), 'ngo-dist-'));
  writeFileSync(join(dist, 'index.html'), page('landing'));
  writeFileSync(join(dist, 'pricing.html'), page('pricing'));
  writeFileSync(join(dist, 'app-shell.html'), page('shell'));
  writeFileSync(join(dist, 'cause-embed.html'), page('embed'));
  writeFileSync(join(dist, 'fill.html'), page('fill'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'export {}');
  writeFileSync(join(dist, 'assets', 'big-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
  app = new Hono<AppBindings>();
  // The fill page asks the app's own API for the definition it carries.
  app.get('/api/forms/:formId/definition', (c) =>
    c.req.param('formId') === 'F1'
      ? c.json({ formId: 'F1', definition: { title: 'Water </script><script>alert(1)</script>' } })
      : c.json({ message: 'This form does not exist.', code: 'not_found' }, 404),
  );
  mountClient(app, dist);
});

const get = (path: string, cookie?: string) => app.request(path, cookie ? { headers: { cookie } } : {});

describe('serving the built client', () => {
  it('serves prerendered pages by clean URL, and the app shell for any other path', async () => {
    expect(await (await get('/')).text()).toContain('landing');
    expect(await (await get('/pricing')).text()).toContain('pricing');
    expect(await (await get('/dashboard')).text()).toContain('shell');
  });

  it('serves the framed cause card its own light page, with the theme choice, not the app shell', async () => {
    const res = await get('/cause-embed/01JCAUSE0000000000000000AB', 'theme=dark');
    const html = await res.text();
    expect(html).toContain('embed');
    expect(html).toContain('<html lang="en" class="dark">');
    expect(await (await get('/causes/01JCAUSE0000000000000000AB')).text()).toContain('shell');
  });

  it('serves the fill link its own light page carrying the published definition, safely escaped', async () => {
    const res = await get('/data-collection/forms/F1/fill', 'theme=dark');
    const html = await res.text();
    expect(html).toContain('fill');
    expect(html).toContain('<html lang="en" class="dark">');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const block = /<script type="application\/json" id="form-definition">(.*?)<\/script>/.exec(html)?.[1];
    // A label holding `</script>` cannot end the block: `<` is escaped, and the JSON reads back whole.
    expect(block).not.toContain('<');
    expect(JSON.parse(block!)).toEqual({
      formId: 'F1',
      definition: { title: 'Water </script><script>alert(1)</script>' },
    });
    // An unknown form: the page as built, which asks for the definition and says it does not exist.
    const unknown = await (await get('/data-collection/forms/NOPE/fill')).text();
    expect(unknown).toContain('fill');
    expect(unknown).not.toContain('form-definition');
    // A malformed or hostile id: the page as built, no data block, no error.
    for (const id of ['%E0%A4%A', '..%2F..%2Fapi', `${'x'.repeat(5000)}`]) {
      const res = await get(`/data-collection/forms/${id}/fill`);
      expect(res.status, id).toBe(200);
      expect(await res.text(), id).not.toContain('form-definition');
    }
    // Other data-collection screens stay the app's.
    expect(await (await get('/data-collection/forms/F1')).text()).toContain('shell');
  });

  it("puts the visitor's theme choice on <html> before first paint, and says the page varies by it", async () => {
    for (const path of ['/', '/pricing', '/dashboard', '/index.html']) {
      const res = await get(path, 'theme=dark');
      expect(await res.text(), path).toContain('<html lang="en" class="dark">');
      expect(res.headers.get('vary')).toContain('Cookie');
      expect(res.headers.get('cache-control')).toContain('no-store');
    }
    expect(await (await get('/', 'theme=light')).text()).toContain('<html lang="en" class="light">');
    // No choice (or a bad one): no class, the CSS follows the system preference.
    expect(await (await get('/', 'theme=<script>')).text()).toContain('<html lang="en">');
  });

  it('caches hashed assets for a year and never answers /api with HTML', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });

  it('sends a script’s brotli made at build time to a browser that takes it, the script itself otherwise', async () => {
    const br = await app.request('/assets/big-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('cache-control')).toContain('immutable');
    const body = Buffer.from(await br.arrayBuffer());
    expect(body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(script);
    const plain = await app.request('/assets/big-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  // An update is only found if the browser asks the server for the worker and the shells each time.
  it('serves sw.js, the manifest and every HTML shell no-cache', async () => {
    for (const path of [
      '/sw.js',
      '/manifest.webmanifest',
      '/',
      '/index.html',
      '/app-shell.html',
      '/pricing',
      '/dashboard',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toMatch(/\bno-cache\b/);
    }
  });

  it('answers a missing file with 404, never the app shell', async () => {
    // No favicon.ico in the build (the pages link favicon.svg): a browser's probe gets a 404, not HTML.
    for (const path of [
      '/favicon.ico',
      '/robots2.txt',
      '/x.png',
      '/assets/gone-abc123.js',
      '/icons/nope.webp',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).not.toContain('text/html');
      expect(await res.text(), path).not.toContain('shell');
    }
  });

  it('still serves the files that exist, and pages for paths without an extension or with .html', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect(await (await get('/robots.txt')).text()).toBe('User-agent: *');
    expect(await (await get('/volunteer/tasks')).text()).toContain('shell');
    expect(await (await get('/pricing.html')).text()).toContain('pricing');
    expect(await (await get('/no-such-page.html')).text()).toContain('shell');
  });
});
