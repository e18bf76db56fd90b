import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test('the manifest is linked and describes an installable app', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href!)).json()) as {
    name: string;
    short_name: string;
    id: string;
    start_url: string;
    display: string;
    icons: { sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'NGO Portal', short_name: 'NGO Portal', display: 'standalone' });
  expect(manifest.id).toBeTruthy();
  expect(manifest.start_url).toBeTruthy();
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons as { src?: string }[]) {
    expect((await request.get(icon.src!)).status()).toBe(200);
  }
});

test('Chromium reports no installability errors', async ({ playwright, baseURL }, testInfo) => {
  // Incognito contexts are never installable, so this check needs a persistent profile.
  const launch = testInfo.project.use.launchOptions ?? {};
  const context = await playwright.chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'ngo-pwa-')), {
    executablePath: launch.executablePath,
    args: launch.args,
    headless: true,
    baseURL,
  });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const session = await context.newCDPSession(page);
    await expect
      .poll(async () => {
        const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string }[];
        };
        return installabilityErrors.map((e) => e.errorId);
      })
      .toEqual([]);
  } finally {
    await context.close();
  }
});

test('the service worker controls the page after a reload, and the shell opens offline', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto('/pricing');
  await expect(page.getByRole('link', { name: /NGO Portal/ }).first()).toBeVisible();
  // API calls never get the HTML shell back from the worker.
  const apiStatus = await page.evaluate(async () => {
    try {
      const res = await fetch('/api/health');
      return res.headers.get('content-type') ?? String(res.status);
    } catch {
      return 'network-error';
    }
  });
  expect(apiStatus).not.toContain('text/html');
  await context.setOffline(false);
});

test('static assets are cached immutable; the shell and worker are never cached', async ({ request }) => {
  const index = await request.get('/');
  expect(index.headers()['cache-control']).toContain('no-cache');
  const html = await index.text();
  const asset = html.match(/\/assets\/[^"]+\.js/)![0];
  expect((await request.get(asset)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.get('/sw.js')).headers()['cache-control']).toContain('no-cache');
  const deepLink = await request.get('/grants/some-id');
  expect(deepLink.headers()['content-type']).toContain('text/html');
  const api = await request.get('/api/nope');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ code: 'not_found' });
});

test('a chosen theme is on the page before first paint, from the server and offline from the worker', async ({
  page,
  context,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/pricing');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.getByRole('banner').getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  // Online: the HTML itself carries the class, so no script has to run before the first paint.
  const fromServer = await page.request.get('/');
  expect(await fromServer.text()).toContain('<html lang="en" class="dark">');

  // Offline: the worker answers from its precache and puts the same choice on the page.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  const offline = await page.goto('/');
  expect(offline?.fromServiceWorker()).toBe(true);
  expect(await offline!.text()).toContain('<html lang="en" class="dark">');
  await context.setOffline(false);
});
