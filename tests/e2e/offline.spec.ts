import type { BrowserContext, Page } from '@playwright/test';
import { demoUsers, expect, signInThroughForm, test } from './support/fixtures';
import { startServerProcess, type ServerProcess } from './support/server-process';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * Issue 5, reading offline: pages seen once open with no network, both when the browser is offline
 * (context.setOffline) and when it is "online" but the server is gone (stopped). This spec owns its
 * server, so stopping it disturbs no other spec.
 */

let server: ServerProcess;

test.beforeAll(async () => {
  // A server start (migrations, demo seed) is some 10 s of CPU: far more than that on a busy machine.
  test.setTimeout(120_000);
  server = await startServerProcess();
});

test.afterAll(async () => {
  await server?.dispose();
});

test.describe.configure({ mode: 'serial' });

const url = (path: string) => `${server.baseURL}${path}`;
const banner = (page: Page) => page.getByTestId('offline-banner');
const resultCount = (page: Page) => page.getByTestId('result-count');

/** Waits until the worker controls the page, so API answers and pictures go through its caches. */
async function controlledBy(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The query keys in the persisted query cache (IndexedDB), as JSON strings. */
function persistedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('keyval-store');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    if (!db.objectStoreNames.contains('keyval')) return [];
    const value = await new Promise<unknown>((resolve) => {
      const get = db.transaction('keyval').objectStore('keyval').get('ngo-portal:query-cache');
      get.onsuccess = () => resolve(get.result);
    });
    db.close();
    if (typeof value !== 'string') return [];
    const client = JSON.parse(value) as { clientState: { queries: { queryKey: unknown[] }[] } };
    return client.clientState.queries.map((q) => JSON.stringify(q.queryKey));
  });
}

/** The user ids of the outbox entries on the device. */
function outboxOwners(page: Page): Promise<(string | null)[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('ngo-outbox');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    if (!db.objectStoreNames.contains('entries')) return [];
    const values = await new Promise<{ userId: string | null }[]>((resolve) => {
      const all = db.transaction('entries').objectStore('entries').getAll();
      all.onsuccess = () => resolve(all.result as { userId: string | null }[]);
    });
    db.close();
    return values.map((v) => v.userId);
  });
}

/** The detail page's main picture: its address and whether it was drawn (decoded, not broken). */
function mainPicture(page: Page) {
  return page
    .locator('main img')
    .first()
    .evaluate((img: HTMLImageElement) => ({
      src: img.currentSrc,
      drawn: img.complete && img.naturalWidth > 0,
    }));
}

/** How many files the worker holds in a cache (0 when the cache does not exist). */
function cachedFiles(page: Page, cacheName: string): Promise<number> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return 0;
    return (await (await caches.open(name)).keys()).length;
  }, cacheName);
}

/** How many portal files this build has: the worker's manifest marks them (scripts/precache-split.ts). */
async function portalFileCount(page: Page): Promise<number> {
  const worker = await (await page.request.get(url('/sw.js'))).text();
  return worker.split('"portal":true').length - 1;
}

/** The number in '1,234 grants'. */
async function countOf(page: Page): Promise<number> {
  const text = (await resultCount(page).textContent()) ?? '';
  return Number(text.replace(/[^0-9]/g, ''));
}

test('pages seen once open offline, with the banner, and filtering the saved grants works', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.goto(url('/'));
  await controlledBy(page);

  // One visit of each, online. The grant detail is in the portal, so a signed-in reader opens it.
  await page.goto(url('/public-blogs'));
  await expect(resultCount(page)).toHaveText(/\d+ blog posts/);
  await page
    .getByRole('list', { name: 'Blog posts' })
    .getByRole('link', { name: /Read More/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/blogs\/\w+$/);
  await expect(page.getByTestId('blog-content')).toBeVisible();
  const blogPath = new URL(page.url()).pathname;
  const blogTitle = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await expect.poll(async () => (await mainPicture(page)).drawn).toBe(true);
  const blogPicture = (await mainPicture(page)).src;

  await page.goto(url('/public-grants'));
  await expect(resultCount(page)).toHaveText(/\d+ grants/);
  const allGrants = await countOf(page);
  // The listing is read page by page (an infinite query); the pages seen are what is saved.
  await expect
    .poll(async () => (await persistedQueryKeys(page)).some((key) => key.startsWith('["grants","pages",{')))
    .toBe(true);

  await page.goto(url('/signin'));
  await signInThroughForm(page, demoUsers.STAFF.email);
  await expect(page.getByTestId('portal-label')).toHaveText(demoUsers.STAFF.label);
  await page.goto(url('/grants'));
  await page
    .getByRole('link', { name: /View Details/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/grants\/\w+$/);
  // The URL changes before the detail replaces the list: read the title once the grant is shown.
  await expect(page.getByTestId('deadline-countdown')).toBeVisible();
  const grantPath = new URL(page.url()).pathname;
  const grantTitle = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await expect.poll(async () => (await mainPicture(page)).drawn).toBe(true);
  const grantPicture = (await mainPicture(page)).src;
  // The query cache is saved to IndexedDB throttled: wait until the grant is in it.
  const grantId = grantPath.split('/').pop()!;
  await expect
    .poll(async () => (await persistedQueryKeys(page)).some((key) => key.includes(grantId)))
    .toBe(true);

  const pages: [string, (p: Page) => Promise<void>][] = [
    ['/', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
    ['/public-grants', (p) => expect(resultCount(p)).toHaveText(`${allGrants.toLocaleString('en')} grants`)],
    ['/public-blogs', (p) => expect(resultCount(p)).toHaveText(/\d+ blog posts/)],
    [
      blogPath,
      async (p) => {
        await expect(p.getByRole('heading', { level: 1 })).toHaveText(blogTitle);
        await expect.poll(() => mainPicture(p)).toEqual({ src: blogPicture, drawn: true });
      },
    ],
    [
      grantPath,
      async (p) => {
        await expect(p.getByRole('heading', { level: 1 })).toHaveText(grantTitle);
        await expect.poll(() => mainPicture(p)).toEqual({ src: grantPicture, drawn: true });
      },
    ],
  ];

  const readEverythingOffline = async () => {
    for (const [path, shown] of pages) {
      await page.goto(url(path));
      await shown(page);
      // The banner waits for the API probe (on the first idle moment, and every 15 s while the API
      // is unreachable), which a loaded 2-core host can push past the default 10 s.
      await expect(banner(page), path).toContainText('You are offline', { timeout: 30_000 });
    }
    // Filtering the saved grants: a search never made online is answered from the saved list.
    await page.goto(url('/public-grants'));
    await expect(resultCount(page)).toHaveText(`${allGrants.toLocaleString('en')} grants`);
    await expect(page.getByTestId('saved-results')).toContainText('Offline: showing results saved');
    await page.getByLabel('Search grants').fill('water');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/search=water/);
    await expect.poll(() => countOf(page)).toBeGreaterThan(0);
    expect(await countOf(page)).toBeLessThan(allGrants);
    await page.reload();
    await expect.poll(() => countOf(page)).toBeGreaterThan(0);
    await expect(page.getByTestId('saved-results')).toContainText('Offline: showing results saved');
  };

  await test.step('browser offline', async () => {
    await context.setOffline(true);
    await readEverythingOffline();
    await context.setOffline(false);
  });

  await test.step('server stopped while the browser says online', async () => {
    await server.stop();
    try {
      await readEverythingOffline();
    } finally {
      await server.start();
    }
  });
});

test("a visitor's install leaves the portal's code out; a signed-in user gets all of it, so an unopened portal screen opens offline and says what it has not saved", async ({
  page,
  context,
}) => {
  await page.goto(url('/'));
  await controlledBy(page);
  expect(await cachedFiles(page, 'portal-code')).toBe(0);
  // The visitor's install is the public site: its pages, the app shell and its scripts (ADR 0015).
  const precached = await page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'))!;
    return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
  });
  expect(precached).toEqual(
    expect.arrayContaining(['/app-shell.html', '/index.html', '/pricing.html', '/public-grants.html']),
  );

  await page.goto(url('/signin'));
  await signInThroughForm(page, demoUsers.NGO_ADMIN.email);
  await expect(page.getByTestId('portal-label')).toHaveText(demoUsers.NGO_ADMIN.label);
  // Every portal file of this build, fetched in the background once the portal opened.
  const portalFiles = await portalFileCount(page);
  expect(portalFiles).toBeGreaterThan(20);
  await expect.poll(() => cachedFiles(page, 'portal-code'), { timeout: 60_000 }).toBe(portalFiles);
  const cachedPortal = await page.evaluate(async () =>
    (await (await caches.open('portal-code')).keys()).map((r) => new URL(r.url).pathname),
  );
  expect(cachedPortal.filter((path) => precached.includes(path))).toEqual([]);

  await context.setOffline(true);
  try {
    await page.goto(url('/settings'));
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    await expect(banner(page)).toContainText('You are offline');
    // The plan, the payments and the phone number were never loaded on this device: each says so, no
    // endless skeleton.
    await expect(page.getByText('Not saved on this device yet.')).toHaveCount(3);
  } finally {
    await context.setOffline(false);
  }
  // Back online, the waiting sections load by themselves; from then on they open offline too.
  await expect(page.getByTestId('current-plan')).toBeVisible();
  await expect
    .poll(() => persistedQueryKeys(page))
    .toEqual(expect.arrayContaining(['["billing","subscription"]', '["billing","history"]']));
  await page.goto(url('/causes'));
  await expect(page.getByRole('list', { name: 'Causes' })).toBeVisible();
  await expect.poll(() => persistedQueryKeys(page)).toContain('["causes","list"]');
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('list', { name: 'Causes' })).toBeVisible();
    await page.goto(url('/settings'));
    await expect(page.getByTestId('current-plan')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('logout with unsent items warns first, then wipes everything of that user', async ({
  page,
  context,
}) => {
  await signInAndQueueAMessageOffline(page, context);
  await page.getByRole('button', { name: 'Log out' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Unsent items will be deleted' });
  await expect(warning).toContainText('1 item you saved offline has not been sent yet.');
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();
  expect(await outboxOwners(page)).toHaveLength(1);

  await page.getByRole('button', { name: 'Log out' }).click();
  await warning.getByRole('button', { name: 'Log out and delete' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await context.setOffline(false);

  await expect.poll(() => outboxOwners(page)).toEqual([]);
  await expect
    .poll(async () => (await persistedQueryKeys(page)).filter((k) => k.startsWith('["dashboard"')))
    .toEqual([]);
  const shared = /^(workbox-precache|api-grants$|api-blogs$|images$|portal-code$|ngo-portal-theme$)/;
  await expect
    .poll(async () => (await page.evaluate(() => caches.keys())).filter((name) => !shared.test(name)))
    .toEqual([]);
  // Nothing the user fetched with their token that is not public is in the shared API caches.
  const cachedApi = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of ['api-grants', 'api-blogs']) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cachedApi.every((path) => /^\/api\/(grants|blogs)(\/|$)/.test(path))).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

/** Signs the staff member in, then, offline, writes a contact message that waits in the outbox as theirs. */
async function signInAndQueueAMessageOffline(page: Page, context: BrowserContext) {
  await page.goto(url('/signin'));
  await controlledBy(page);
  await signInThroughForm(page, demoUsers.STAFF.email);
  await expect(page.getByTestId('portal-label')).toHaveText(demoUsers.STAFF.label);
  await page.goto(url('/dashboard'));
  await expect.poll(() => persistedQueryKeys(page)).toContain('["dashboard","summary"]');

  await context.setOffline(true);
  await page.goto(url('/contact'));
  await page.getByLabel('Your name').fill('Staff Member');
  await page.getByLabel('Email').fill('staff@demo.ngo');
  await page.getByLabel('Subject').fill('Field visit');
  await page.getByLabel('Message').fill('Written with no signal; must not outlive the logout.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect.poll(() => outboxOwners(page)).toHaveLength(1);
  expect((await outboxOwners(page))[0]).not.toBeNull();
  await page.goto(url('/dashboard'));
}

test('the logout warning follows the outbox: sent while it is open, it says logging out is safe', async ({
  page,
  context,
}) => {
  await signInAndQueueAMessageOffline(page, context);
  await page.getByRole('button', { name: 'Log out' }).click();
  const warning = page.getByRole('alertdialog');
  await expect(warning).toContainText('1 item you saved offline has not been sent yet.');
  await expect(warning).toContainText('reconnect to send it, or log out and lose it.');

  await context.setOffline(false);
  await expect(warning).toContainText('Everything you saved offline has been sent. You can log out safely.');
  await expect(warning.getByRole('button', { name: 'Log out and delete' })).toHaveCount(0);
  await warning.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/\/signin/);
  expect(await outboxOwners(page)).toEqual([]);
});

test('a volunteer’s reports, hours and certificates, seen once, open offline after a reload', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.goto(url('/signin'));
  await controlledBy(page);
  await signInThroughForm(page, demoUsers.VOLUNTEER.email);
  await expect(page.getByTestId('portal-label')).toHaveText(demoUsers.VOLUNTEER.label);
  const portalFiles = await portalFileCount(page);
  await expect.poll(() => cachedFiles(page, 'portal-code'), { timeout: 60_000 }).toBe(portalFiles);

  const screens: [string, string, (p: Page) => Promise<void>][] = [
    [
      '/volunteer/activity-report',
      '["activity","reports"',
      (p) =>
        expect(p.getByRole('list', { name: 'Your reports' })).toContainText(
          'Fire safety briefing at the warehouse.',
        ),
    ],
    [
      '/volunteer/hours',
      '["activity","summary"',
      (p) => expect(p.getByText('Training, all time')).toBeVisible(),
    ],
    [
      '/volunteer/certificates',
      '["documents","pages"',
      (p) =>
        expect(p.getByRole('article', { name: 'Volunteer certificate for Grace Volunteer' })).toBeVisible(),
    ],
  ];
  for (const [path, key, shown] of screens) {
    await page.goto(url(path));
    await shown(page);
    await expect.poll(async () => (await persistedQueryKeys(page)).some((k) => k.startsWith(key))).toBe(true);
  }
  await context.setOffline(true);
  try {
    for (const [path, , shown] of screens) {
      await page.goto(url(path));
      await shown(page);
      await expect(banner(page), path).toContainText('You are offline', { timeout: 30_000 });
    }
  } finally {
    await context.setOffline(false);
  }
});
