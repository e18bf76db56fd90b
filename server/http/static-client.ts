import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { BOOT_SCRIPT_HASH_FILE, FILL_PAGE_PATH, SSR_DIR } from '../../contract/server-rendered-pages';
import { themeFromCookieHeader, withThemeClass } from '../../contract/theme';
import { asPage } from './compress';
import type { AppBindings } from './context';
import { fillPageHtml } from './fill-page';
import { listingPageRenderer } from './listing-page';

const noStore = 'no-cache, no-store, must-revalidate';
const cleanPath = /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/;
// A last segment like `favicon.ico` or `robots2.txt` asks for a file, not a screen. App routes never
// end in an extension (ids are ULIDs), and `.html` is a page (the prerendered one or the shell).
const fileLike = /\.(?!html$)[a-z0-9]{1,10}$/i;

function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (/(\.html|sw\.js|workbox-[^/]*\.js|manifest\.webmanifest)$/.test(path)) return noStore;
  return 'public, max-age=3600';
}

/**
 * The hashes (`sha256-…`) of the inline scripts the build's pages carry, for the CSP: the boot
 * script's (scripts/prerender.ts), or none when the client is not built.
 */
export function inlineScriptHashes(distDir: string): string[] {
  const file = join(resolve(distDir), SSR_DIR, BOOT_SCRIPT_HASH_FILE);
  if (!existsSync(file)) return [];
  const hash = readFileSync(file, 'utf8').trim();
  if (!/^sha256-[A-Za-z0-9+/]+=*$/.test(hash)) throw new Error(`${file} holds no sha256 hash.`);
  return [hash];
}

/**
 * Serves the built PWA. Prerendered public pages live as `<path>.html` (/pricing → pricing.html);
 * a missing file (a path ending in an extension other than .html) is a 404, any other non-API path
 * gets the empty app shell, and /api/* never gets HTML.
 */
export function mountClient(app: Hono<AppBindings>, distDir: string, logger?: Logger) {
  const root = resolve(distDir);
  const shellFile = existsSync(join(root, 'app-shell.html')) ? 'app-shell.html' : 'index.html';
  // Other sites frame the cause card: it gets its own light page, not the whole app (ADR 0017).
  const embedFile = join(root, 'cause-embed.html');
  // The public fill page's own light page, over its definition (ADR 0039).
  const fillFile = join(root, 'fill.html');

  const renderedPage = listingPageRenderer(app, root);

  app.use('*', async (c, next) => {
    // The server's render bundle and templates (ADR 0028) are the server's own.
    if (c.req.path.startsWith(`/${SSR_DIR}/`)) return c.text('Not found', 404);
    // Pages go through the handler below, which puts the visitor's theme choice on them.
    if (c.req.path.startsWith('/api/') || c.req.path === '/' || c.req.path.endsWith('.html')) return next();
    // The build's brotli of a hashed script or style (`<file>.br`, ADR 0040) when the browser takes it;
    // otherwise the compress middleware gzips the file as before.
    const served = await serveStatic({ root, precompressed: true })(c, next);
    // Set here rather than in serveStatic's onFound, which runs after the response is built.
    if (served instanceof Response) served.headers.set('Cache-Control', cacheControlFor(c.req.path));
    return served;
  });

  const renderedOrNothing = (pagePath: string) =>
    renderedPage(pagePath).catch((error: unknown) => {
      logger?.error({ err: error, page: pagePath }, 'Rendering the page over its data failed');
      return undefined;
    });

  app.get('*', async (c) => {
    if (c.req.path.startsWith('/api/')) {
      return c.json({ message: 'Not found.', code: 'not_found' }, 404);
    }
    // serveStatic above found no such file: the app shell would answer an image or a text file
    // with HTML (a browser's /favicon.ico probe, a crawler's guess).
    if (fileLike.test(c.req.path)) {
      c.header('Cache-Control', 'no-cache');
      return c.text('Not found', 404);
    }
    const pagePath = c.req.path === '/' ? '/index' : c.req.path.replace(/\.html$/, '');
    const prerendered = cleanPath.test(pagePath) ? join(root, `${pagePath}.html`) : null;
    const file =
      prerendered && existsSync(prerendered)
        ? prerendered
        : c.req.path.startsWith('/cause-embed/') && existsSync(embedFile)
          ? embedFile
          : join(root, shellFile);
    if (!existsSync(file)) {
      return c.text('The client is not built. Run `npm start`, which builds it.', 503);
    }
    c.header('Cache-Control', noStore);
    // The page differs by the theme cookie: the choice is on <html> before first paint (ADR 0007).
    c.header('Vary', 'Cookie');
    const theme = themeFromCookieHeader(c.req.header('cookie'));
    // A listing page at its clean URL without a query string arrives over its first page (ADR 0028).
    // With a query string (a shared filtered link), if that render fails, or asked as `.html` (the
    // service worker's precache, which must keep the build's page: no grants frozen into it, and
    // hydrated at once offline), it is the build's page, rendered in the browser.
    const overItsData = prerendered && !c.req.path.endsWith('.html') && !new URL(c.req.url).search;
    const fillFormId = FILL_PAGE_PATH.exec(c.req.path)?.[1];
    const html =
      fillFormId !== undefined && existsSync(fillFile)
        ? await fillPageHtml(app, fillFile, fillFormId)
        : (overItsData && (await renderedOrNothing(pagePath))) || (await readFile(file, 'utf8'));
    const page = withThemeClass(html, theme);
    return asPage(c.html(page), page);
  });
}
