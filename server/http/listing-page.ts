import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Hono } from 'hono';
import { PAGE_DATA_ID, SSR_DATA, SSR_DIR, SSR_MARKUP } from '../../contract/server-rendered-pages';
import type { AppBindings } from './context';

/** What the build's render bundle offers (src/entry-server.tsx). */
interface RenderBundle {
  listingOfPage: (pathname: string) => { path: string; pageSize: number } | undefined;
  renderListingPage: (
    url: string,
    firstPage: { items: unknown[]; nextCursor?: string },
  ) => Promise<{ markup: string; data: string }>;
}

interface Rendered {
  /** The first page's ETag: the page is rendered again only when it changes. */
  etag: string;
  html: Promise<string>;
}

/**
 * Listing pages rendered over their first page at request time (ADR 0028): /public-grants arrives
 * with its grants and the same answer as a data block, instead of skeleton cards that wait for the
 * code and an API round trip. The first page is asked from the app's own API (so the page holds
 * exactly what the browser would have been answered) and its ETag keys a cache of the rendered
 * page: a burst of visitors costs one render, and a changed grant a new one. Without the build's
 * render bundle (a test server, a failed render) the caller serves the build-time page.
 */
export function listingPageRenderer(app: Hono<AppBindings>, distDir: string) {
  const ssrDir = join(distDir, SSR_DIR);
  const bundleFile = join(ssrDir, 'entry-server.js');
  let bundle: Promise<RenderBundle | undefined> | undefined;
  const rendered = new Map<string, Rendered>();

  const loadBundle = () =>
    (bundle ??= existsSync(bundleFile)
      ? (import(pathToFileURL(bundleFile).href) as Promise<RenderBundle>)
      : Promise.resolve(undefined));

  /** The page for `pathname` over its current first page, or undefined when it is not rendered so. */
  return async function renderedPage(pathname: string): Promise<string | undefined> {
    const templateFile = join(ssrDir, `${pathname.slice(1)}.html`);
    if (!/^\/[a-z0-9-]+$/.test(pathname) || !existsSync(templateFile)) return undefined;
    const render = await loadBundle();
    const listing = render?.listingOfPage(pathname);
    if (!render || !listing) return undefined;

    const answer = await app.request(`/api${listing.path}?limit=${listing.pageSize}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    if (answer.status !== 200) return undefined;
    const body = await answer.text();
    // Every listing answer has an ETag (http/etag.ts); the body itself keys one that lacks it.
    const etag = answer.headers.get('etag') ?? body;
    const cached = rendered.get(pathname);
    if (cached?.etag === etag) return cached.html;

    const nextCursor = answer.headers.get('next-cursor') ?? undefined;
    const html = (async () => {
      const [template, page] = await Promise.all([
        readFile(templateFile, 'utf8'),
        render.renderListingPage(pathname, {
          items: JSON.parse(body) as unknown[],
          ...(nextCursor && { nextCursor }),
        }),
      ]);
      return template
        .replace(SSR_MARKUP, () => page.markup)
        .replace(
          SSR_DATA,
          () => `<script type="application/json" id="${PAGE_DATA_ID}">${page.data}</script>`,
        );
    })();
    rendered.set(pathname, { etag, html });
    // A failed render is not kept: the next visitor tries again (and this one gets the static page).
    html.catch(() => {
      if (rendered.get(pathname)?.html === html) rendered.delete(pathname);
    });
    return html;
  };
}
