import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppBindings } from './context';

const noStore = 'no-cache, no-store, must-revalidate';

/** Serves the built PWA; every non-API path that is not a file gets index.html. */
export function mountClient(app: Hono<AppBindings>, distDir: string) {
  const root = resolve(distDir);
  const indexFile = join(root, 'index.html');
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/')) return next();
    return serveStatic({
      root,
      onFound: (path, ctx) => {
        if (path.includes('/assets/')) ctx.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (/(index\.html|sw\.js|workbox-[^/]*\.js|manifest\.webmanifest)$/.test(path))
          ctx.header('Cache-Control', noStore);
        else ctx.header('Cache-Control', 'public, max-age=3600');
      },
    })(c, next);
  });
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) {
      return c.json({ message: 'Not found.', code: 'not_found' }, 404);
    }
    if (!existsSync(indexFile)) {
      return c.text('The client is not built. Run `npm start`, which builds it.', 503);
    }
    c.header('Cache-Control', noStore);
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}
