import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { asPage, compress } from './compress';
import { revalidatedJson, strongETag } from './etag';

const listing = JSON.stringify(
  Array.from({ length: 40 }, (_, i) => ({ id: `g${i}`, title: `Grant number ${i}`, country: 'Kenya' })),
);
const page = `<!doctype html><html><body>${'<p>Hello, world.</p>'.repeat(100)}</body></html>`;

function app() {
  const a = new Hono();
  a.use('*', compress());
  a.get('/listing', (c) => revalidatedJson(c, listing));
  a.get('/small', (c) => revalidatedJson(c, '[]'));
  a.get('/page', (c) => c.html(page));
  a.get('/site-page', (c) => asPage(c.html(page), page));
  a.get('/no-transform', (c) => {
    c.header('Cache-Control', 'no-transform');
    return c.html(page);
  });
  return a;
}

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('compress', () => {
  it('gzips a listing, marks its ETag weak and says it varies by Accept-Encoding', async () => {
    const a = app();
    for (let i = 0; i < 2; i++) {
      const res = await a.request('/listing', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('etag')).toBe(`W/${strongETag(listing)}`);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
      expect(gunzipSync(await bytesOf(res)).toString('utf8')).toBe(listing);
    }
  });

  it('sends the listing as it is, with its strong ETag, to a client that accepts no compression', async () => {
    const res = await app().request('/listing');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('etag')).toBe(strongETag(listing));
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect((await bytesOf(res)).toString('utf8')).toBe(listing);
  });

  it('follows the client’s preference: deflate when gzip is refused', async () => {
    const res = await app().request('/listing', { headers: { 'accept-encoding': 'gzip;q=0, deflate' } });
    expect(res.headers.get('content-encoding')).toBe('deflate');
    expect(inflateSync(await bytesOf(res)).toString('utf8')).toBe(listing);
  });

  it('leaves small bodies, HEAD, 304 and no-transform answers alone', async () => {
    const a = app();
    const gzip = { 'accept-encoding': 'gzip' };
    const small = await a.request('/small', { headers: gzip });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('[]');

    const head = await a.request('/listing', { method: 'HEAD', headers: gzip });
    expect(head.headers.get('content-encoding')).toBeNull();

    const etag = strongETag(listing);
    const notModified = await a.request('/listing', { headers: { ...gzip, 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('content-encoding')).toBeNull();

    const noTransform = await a.request('/no-transform', { headers: gzip });
    expect(noTransform.headers.get('content-encoding')).toBeNull();
    expect(await noTransform.text()).toBe(page);
  });

  it('still compresses other answers as they stream', async () => {
    const res = await app().request('/page', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(await bytesOf(res)).toString('utf8')).toBe(page);
  });

  it("sends the site's own pages in brotli when the browser takes it, and gzip to one that does not", async () => {
    const a = app();
    for (let i = 0; i < 2; i++) {
      const res = await a.request('/site-page', {
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const bytes = await bytesOf(res);
      expect(bytes.length).toBeLessThan(Buffer.byteLength(page) / 10);
      expect(brotliDecompressSync(bytes).toString('utf8')).toBe(page);
    }
    const gzip = await a.request('/site-page', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytesOf(gzip)).toString('utf8')).toBe(page);
    const plain = await a.request('/site-page');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(page);
    // Brotli only for pages: a listing keeps gzip whatever the browser takes.
    const listingRes = await a.request('/listing', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(listingRes.headers.get('content-encoding')).toBe('gzip');
  });
});
