import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAGE_DATA_ID, SSR_DATA, SSR_DIR, SSR_MARKUP } from '../../contract/server-rendered-pages';
import type { AppBindings } from './context';
import { mountClient } from './static-client';

/*
 * The request-time render of /public-grants (ADR 0028) over a stand-in of the build's render bundle,
 * which records each render: the real bundle's output is covered by the client's SSR test and the
 * end-to-end listing journeys, which run on the built server.
 */

const buildPage = `<!doctype html><html lang="en"><head></head><body><div id="root">build skeleton</div><script src="/boot.js" defer></script></body></html>`;
const template = `<!doctype html><html lang="en"><head></head><body><div id="root">${SSR_MARKUP}</div>${SSR_DATA}<script src="/boot.js" data-hydrate="on-use" defer></script></body></html>`;

const standInBundle = `
globalThis.__renders = [];
export const listingOfPage = (p) => (p === '/public-grants' ? { path: '/grants', pageSize: 100 } : undefined);
export async function renderListingPage(url, firstPage) {
  globalThis.__renders.push({ url, firstPage });
  if (firstPage.items.some((g) => g.title === 'explode')) throw new Error('render failed');
  return {
    markup: firstPage.items.map((g) => '<article>' + g.title + '</article>').join(''),
    data: JSON.stringify({ queries: [{ items: firstPage.items, next: firstPage.nextCursor ?? null }] }).replace(/</g, '\\\\u003c'),
  };
}
`;

let grants: { title: string }[];
let grantsStatus: number;
let app: Hono<AppBindings>;
const renders = () => (globalThis as unknown as { __renders: { firstPage: unknown }[] }).__renders;

function makeDist(withBundle: boolean) {
  const dist = mkdtempSync(join(tmpdir(), 'ngo-dist-'));
  writeFileSync(join(dist, 'app-shell.html'), 'shell');
  writeFileSync(join(dist, 'public-grants.html'), buildPage);
  if (withBundle) {
    mkdirSync(join(dist, SSR_DIR));
    writeFileSync(join(dist, SSR_DIR, 'public-grants.html'), template);
    writeFileSync(join(dist, SSR_DIR, 'entry-server.js'), standInBundle);
  }
  return dist;
}

function makeApp(dist: string) {
  const a = new Hono<AppBindings>();
  a.get('/api/grants', (c) => {
    if (grantsStatus !== 200) return c.json({ message: 'down' }, 503);
    c.header('ETag', `"${grants.map((g) => g.title).join('|')}"`);
    c.header('Next-Cursor', 'cursor-2');
    return c.json(grants);
  });
  mountClient(a, dist);
  return a;
}

beforeEach(() => {
  grants = [{ title: 'Clean water' }, { title: 'School meals <b>' }];
  grantsStatus = 200;
  app = makeApp(makeDist(true));
  (globalThis as unknown as { __renders: unknown[] }).__renders?.splice(0);
});

const page = async (path: string) => (await app.request(path)).text();

describe('/public-grants rendered over its first page', () => {
  it('arrives with the first page of grants as markup and as a data block, its code started on first use', async () => {
    const html = await page('/public-grants');
    expect(html).toContain('<article>Clean water</article><article>School meals <b></article>');
    expect(html).not.toContain('build skeleton');
    const block = html.match(
      new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`),
    );
    // Escaped so the grant's own markup cannot close the block.
    expect(block?.[1]).toContain('\\u003cb>');
    expect(JSON.parse(block![1]!)).toEqual({
      queries: [{ items: grants, next: 'cursor-2' }],
    });
    expect(html).toContain('data-hydrate="on-use"');
    expect(renders()[0]?.firstPage).toEqual({ items: grants, nextCursor: 'cursor-2' });
  });

  it('renders once while the grants are unchanged, and again when one changes', async () => {
    await Promise.all([page('/public-grants'), page('/public-grants'), page('/public-grants')]);
    expect(await page('/public-grants')).toContain('Clean water');
    expect(renders()).toHaveLength(1);
    grants = [{ title: 'Clean water (extended)' }];
    expect(await page('/public-grants')).toContain('<article>Clean water (extended)</article>');
    expect(renders()).toHaveLength(2);
  });

  it("answers the service worker's precache (public-grants.html) with the build's page, never a rendered one", async () => {
    const html = await page('/public-grants.html');
    expect(html).toContain('build skeleton');
    expect(html).not.toContain(PAGE_DATA_ID);
    expect(html).not.toContain('data-hydrate');
    expect(renders()).toHaveLength(0);
  });

  it('answers a filtered link with the page the browser renders, as before', async () => {
    const html = await page('/public-grants?country=Kenya');
    expect(html).toContain('build skeleton');
    expect(html).not.toContain(PAGE_DATA_ID);
    expect(renders()).toHaveLength(0);
  });

  it('falls back to the build-time page when the API or the render fails, and tries again next time', async () => {
    grantsStatus = 503;
    expect(await page('/public-grants')).toContain('build skeleton');
    grantsStatus = 200;
    grants = [{ title: 'explode' }];
    expect(await page('/public-grants')).toContain('build skeleton');
    grants = [{ title: 'Clean water' }];
    expect(await page('/public-grants')).toContain('<article>Clean water</article>');
  });

  it('serves the build-time page when the build has no render bundle, and never serves the bundle', async () => {
    const withoutBundle = makeApp(makeDist(false));
    expect(await (await withoutBundle.request('/public-grants')).text()).toContain('build skeleton');
    const bundle = await app.request(`/${SSR_DIR}/entry-server.js`);
    expect(bundle.status).toBe(404);
    expect(await (await app.request(`/${SSR_DIR}/public-grants.html`)).text()).not.toContain(SSR_MARKUP);
  });
});
