import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppBindings } from './context';

const noStore = 'no-cache, no-store, must-revalidate';
const cleanPath = /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/**
 * Serves the built PWA. Prerendered public pages live as `<path>.html` (/pricing → pricing.html);
 * any other non-API path gets the empty app shell, and /api/* never gets HTML.
 */
export function mountClient(app: Hono<AppBindings>, distDir: string) {
  const root = resolve(distDir);
  const shellFile = existsSync(join(root, 'app-shell.html')) ? 'app-shell.html' : 'index.html';

  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/')) return next();
    return serveStatic({
      root,
      onFound: (path, ctx) => {
        if (path.includes('/assets/')) ctx.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (/(\.html|sw\.js|workbox-[^/]*\.js|manifest\.webmanifest)$/.test(path))
          ctx.header('Cache-Control', noStore);
        else ctx.header('Cache-Control', 'public, max-age=3600');
      },
    })(c, next);
  });

  app.get('*', async (c) => {
    if (c.req.path.startsWith('/api/')) {
      return c.json({ message: 'Not found.', code: 'not_found' }, 404);
    }
    const prerendered = cleanPath.test(c.req.path) ? join(root, `${c.req.path}.html`) : null;
    const file = prerendered && existsSync(prerendered) ? prerendered : join(root, shellFile);
    if (!existsSync(file)) {
      return c.text('The client is not built. Run `npm start`, which builds it.', 503);
    }
    c.header('Cache-Control', noStore);
    return c.html(await readFile(file, 'utf8'));
  });
}
