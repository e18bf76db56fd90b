import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

/** Public pages served as static HTML and hydrated; URL → file in dist (workbox's cleanURLs form). */
export const prerenderedPages: { url: string; file: string; title: string }[] = [
  { url: '/', file: 'index.html', title: 'NGO Portal: the all-in-one platform for nonprofits' },
  { url: '/pricing', file: 'pricing.html', title: 'Pricing · NGO Portal' },
  { url: '/contact', file: 'contact.html', title: 'Contact us · NGO Portal' },
  { url: '/help-center', file: 'help-center.html', title: 'Help Center · NGO Portal' },
  { url: '/documentation', file: 'documentation.html', title: 'Documentation · NGO Portal' },
  { url: '/api', file: 'api.html', title: 'API reference · NGO Portal' },
  { url: '/privacy-policy', file: 'privacy-policy.html', title: 'Privacy Policy · NGO Portal' },
  { url: '/terms-of-service', file: 'terms-of-service.html', title: 'Terms of Service · NGO Portal' },
  { url: '/public-grants', file: 'public-grants.html', title: 'Latest Grants · NGO Portal' },
  { url: '/public-blogs', file: 'public-blogs.html', title: 'Latest Blogs · NGO Portal' },
  { url: '/signin', file: 'signin.html', title: 'Sign in · NGO Portal' },
  { url: '/signup', file: 'signup.html', title: 'Create your account · NGO Portal' },
  { url: '/forgot-password', file: 'forgot-password.html', title: 'Forgot your password? · NGO Portal' },
  { url: '/payment-success', file: 'payment-success.html', title: 'Payment Successful · NGO Portal' },
];

/** The client-rendered shell for every other path (the portal): no prerendered markup to hydrate. */
export const appShellFile = 'app-shell.html';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs after the client build and before the service worker is built (so the precache lists the
 * prerendered files): builds the server entry with the browser's router code, renders each public
 * page, and writes it into the built index.html. The stylesheet stays a linked file: measured, that
 * beats inlining it (the HTML then fits the first round trips, and the CSS loads beside theme-init.js).
 */
export async function prerenderPublicPages(outDir: string) {
  const ssrDir = mkdtempSync(join(tmpdir(), 'ngo-ssr-'));
  try {
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
    const { renderRoute } = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as {
      renderRoute: (url: string) => Promise<string>;
    };

    const template = readFileSync(join(outDir, 'index.html'), 'utf8');
    writeFileSync(join(outDir, appShellFile), template);
    const pageTemplate = deferAppScript(template);

    for (const page of prerenderedPages) {
      const markup = await renderRoute(page.url);
      if (/<script/i.test(markup))
        throw new Error(`Prerendered ${page.url} contains a script; the CSP forbids it.`);
      const html = pageTemplate
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
        .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
      writeFileSync(join(outDir, page.file), html);
    }
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

/**
 * Swaps the entry's module script and its modulepreloads for public/boot.js, which imports the
 * entry once the page has painted (see docs/decisions). The app shell keeps Vite's tags.
 */
function deferAppScript(html: string): string {
  const entry = html.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/);
  if (!entry) throw new Error('The built index.html has no module entry script.');
  return html
    .replace(entry[0], '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</body>', `  <script src="/boot.js" data-entry="${entry[1]}" defer></script>\n  </body>`);
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
