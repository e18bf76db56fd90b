import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, minify } from 'vite';
import { BOOT_SCRIPT_HASH_FILE, SSR_DATA, SSR_DIR, SSR_MARKUP } from '../contract/server-rendered-pages.ts';
import { publicPageTitles, siteTitle } from '../src/config/page-titles.ts';
import { portalOnlyFiles, rememberPortalFiles, type ViteManifest } from './precache-split.ts';
import { evaluationOrder } from './evaluation-order.ts';

/**
 * Public pages served as static HTML and hydrated; URL → file in dist (workbox's cleanURLs form).
 * `entry` names another build input than the app (the landing page hydrates islands only, ADR 0007).
 * `sameWithSearch`: the page renders the same markup whatever its query string (sign-in only reads
 * `redirect` once signed in), so it is hydrated with one too and keeps what was typed before.
 */
export const prerenderedPages: {
  url: string;
  file: string;
  entry?: string;
  sameWithSearch?: boolean;
}[] = [
  {
    url: '/',
    file: 'index.html',
    entry: 'src/landing.tsx',
  },
  { url: '/pricing', file: 'pricing.html' },
  { url: '/contact', file: 'contact.html' },
  { url: '/help-center', file: 'help-center.html' },
  { url: '/documentation', file: 'documentation.html' },
  { url: '/api', file: 'api.html' },
  { url: '/privacy-policy', file: 'privacy-policy.html' },
  { url: '/terms-of-service', file: 'terms-of-service.html' },
  { url: '/public-grants', file: 'public-grants.html' },
  { url: '/public-blogs', file: 'public-blogs.html' },
  { url: '/signin', file: 'signin.html', sameWithSearch: true },
  { url: '/signup', file: 'signup.html' },
  { url: '/forgot-password', file: 'forgot-password.html' },
  { url: '/payment-success', file: 'payment-success.html' },
];

/** The client-rendered shell for every other path (the portal): no prerendered markup to hydrate. */
export const appShellFile = 'app-shell.html';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs after the client build and before the service worker is built (so the precache lists the
 * prerendered files): builds the server entry with the browser's router code, renders each public
 * page, and writes it into the built index.html. The stylesheet stays a linked file: measured, that
 * beats inlining it (the HTML then fits the first round trips).
 */
export async function prerenderPublicPages(outDir: string) {
  // Kept for the server, which renders listing pages over their first page (ADR 0028); neither
  // served (server/http/static-client.ts) nor precached (vite.config.ts).
  const ssrDir = join(outDir, SSR_DIR);
  await build({
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
    ssr: { noExternal: true, target: 'node' },
    resolve: {
      alias: {
        // Render exactly what the browser renders (same Suspense boundaries, no server-only scripts).
        '@tanstack/router-core/isServer': join(
          root,
          'node_modules/@tanstack/router-core/dist/esm/isServer/client.js',
        ),
      },
    },
  });
  const { renderRoute, listingOfPage } = (await import(
    pathToFileURL(join(ssrDir, 'entry-server.js')).href
  )) as {
    renderRoute: (url: string) => Promise<string>;
    listingOfPage: (pathname: string) => unknown;
  };

  const template = inlineFavicon(readFileSync(join(outDir, 'index.html'), 'utf8'));
  writeFileSync(join(outDir, appShellFile), template);
  const entries = readBuildEntries(outDir);
  const boot = await inlineBootScript(outDir, ssrDir);

  for (const page of prerenderedPages) {
    const markup = await renderRoute(page.url);
    if (/<script/i.test(markup))
      throw new Error(`Prerendered ${page.url} contains a script; the CSP forbids it.`);
    const entry = entries[page.entry ?? 'index.html'];
    if (!entry) throw new Error(`The build has no entry ${page.entry ?? 'index.html'} for ${page.url}.`);
    const html = deferAppScript(template, entry, boot)
      .replace(
        /<title>[^<]*<\/title>/,
        `<title>${escapeHtml(publicPageTitles[page.url] ?? siteTitle)}</title>`,
      )
      .replace(
        '<div id="root"></div>',
        `<div id="root"${page.sameWithSearch ? ' data-same-with-search' : ''}>${markup}</div>`,
      );
    writeFileSync(join(outDir, page.file), html);
    if (listingOfPage(page.url)) writeFileSync(join(ssrDir, page.file), requestTimeTemplate(html, markup));
  }
}

/**
 * The page as the server fills it per request: its root's markup and the data block replaced, and
 * its code started only when the page is first used (public/boot.js, data-hydrate="on-use").
 */
function requestTimeTemplate(html: string, buildMarkup: string): string {
  const template = html
    .replace(`>${buildMarkup}</div>`, `>${SSR_MARKUP}</div>`)
    .replace(BOOT_TAG, `${SSR_DATA}${BOOT_TAG} data-hydrate="on-use"`);
  if (!template.includes(SSR_MARKUP) || !template.includes(SSR_DATA))
    throw new Error('The request-time template lost its markup or data placeholder.');
  return template;
}

interface BuildEntry {
  /** The entry's chunk, e.g. `/assets/index-….js`. */
  file: string;
  /** The chunks it imports statically, directly or not, in the order the browser evaluates them. */
  chunks: string[];
}

/**
 * Build input → its chunk file and static imports, from Vite's manifest, which is then removed
 * (nothing serves it) once the portal's own files are noted for the worker's install (ADR 0015).
 */
function readBuildEntries(outDir: string): Record<string, BuildEntry> {
  const file = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return {};
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
  rmSync(join(outDir, '.vite'), { recursive: true, force: true });
  rememberPortalFiles(portalOnlyFiles(manifest));
  return Object.fromEntries(
    Object.entries(manifest)
      .filter(([, chunk]) => chunk.isEntry)
      .map(([src, chunk]) => [src, { file: `/${chunk.file}`, chunks: evaluationOrder(manifest, src) }]),
  );
}

/** The opening of the inline boot script's tag, which its attributes follow. */
const BOOT_TAG = '<script id="boot"';

/**
 * public/boot.js, minified, for each prerendered page to carry inline (ADR 0035): as a file it
 * cost a request before the page's controls answered, and on 2G that is a round trip of dead taps.
 * The CSP allows exactly this script by its hash, which the server reads from the build
 * (BOOT_SCRIPT_HASH_FILE); the file's copy in the build is removed, since no page asks for it.
 */
async function inlineBootScript(outDir: string, ssrDir: string): Promise<string> {
  const { code, errors } = await minify('boot.js', readFileSync(join(root, 'public', 'boot.js'), 'utf8'), {
    compress: true,
    mangle: true,
  });
  if (errors.length)
    throw new Error(`public/boot.js did not minify: ${errors.map((e) => e.message).join('; ')}`);
  const script = code.trim();
  if (/<\/script|<!--/i.test(script)) throw new Error('The boot script holds text that would end its tag.');
  const hash = createHash('sha256').update(script, 'utf8').digest('base64');
  writeFileSync(join(ssrDir, BOOT_SCRIPT_HASH_FILE), `sha256-${hash}\n`);
  rmSync(join(outDir, 'boot.js'), { force: true });
  return script;
}

/**
 * Swaps the entry's module script, its modulepreloads and the manifest link for the boot script,
 * which links the manifest and imports the entry (the app's, or `entry`) once the page has painted
 * its main content (ADR 0005, 0007), its static imports first, one per task (ADR 0025). The app
 * shell keeps Vite's tags.
 */
function deferAppScript(html: string, entry: BuildEntry, boot: string): string {
  const appEntry = html.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/);
  if (!appEntry) throw new Error('The built index.html has no module entry script.');
  const manifest = html.match(/\s*<link rel="manifest" href="([^"]+)"\s*\/?>/);
  if (!manifest) throw new Error('The built index.html links no web app manifest.');
  return html
    .replace(appEntry[0], '')
    .replace(manifest[0], '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      '</body>',
      () =>
        `  ${BOOT_TAG} data-entry="${entry.file}" data-chunks="${entry.chunks.join(' ')}" data-manifest="${manifest[1]}">${boot}</script>\n  </body>`,
    );
}

/**
 * The favicon as a data URL: browsers fetch a linked favicon while the page is still painting, a
 * request a slow connection can spare (it is under 1 KB of SVG).
 */
function inlineFavicon(html: string): string {
  const svg = readFileSync(join(root, 'public', 'favicon.svg'), 'utf8').trim();
  return html.replace(
    /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml"\s*\/?>/,
    `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(svg)}" type="image/svg+xml" />`,
  );
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
