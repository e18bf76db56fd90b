import type { APIRequestContext, Page } from '@playwright/test';
import { startServerWithGrants } from './support/bulk-grants';
import { demoPassword, demoUsers, expect, test } from './support/fixtures';
import { desktop, scan, scanTest, type Screen } from './support/scan-pages';
import type { ServerProcess } from './support/server-process';

/*
 * The grants and blogs listings (their filters, cards, loading, empty and failed states, and the calls
 * behind them: SPEC §2–§4, §7, §8), the grant pages and the blog page, against the real server with the
 * demo seed; and the grants listing over 10,000 grants on a server of its own. Other specs add and remove blogs and grants on the same server
 * while this one runs, so expectations are read from the API at the moment they are needed, and a
 * test only ever counts its own, or seeded, records.
 */

interface ApiGrant {
  id: string;
  title: string;
  category: string;
  country: string;
  areaOfInterest: string;
  postDate: string;
  deadlineDate: string | null;
}

interface ApiBlog {
  id: string;
  title: string;
  category: string;
  author: string;
}

const splitList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

async function apiGet<T>(request: APIRequestContext, path: string, query: Record<string, string> = {}) {
  const res = await request.get(`${path}?${new URLSearchParams(query)}`);
  expect(res.ok(), `${path} ${JSON.stringify(query)}`).toBe(true);
  return (await res.json()) as T;
}
const apiGrants = (request: APIRequestContext, query: Record<string, string> = {}) =>
  apiGet<ApiGrant[]>(request, '/api/grants', query);
const apiBlogs = (request: APIRequestContext, query: Record<string, string> = {}) =>
  apiGet<ApiBlog[]>(request, '/api/blogs', query);
/** The demo seed's posts: posts other specs create while this one runs are the super admin's. */
const seededBlogs = async (request: APIRequestContext, query: Record<string, string> = {}) =>
  (await apiBlogs(request, query)).filter((b) => b.author !== 'Sam Super');

async function superAdminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/signin', {
    data: { email: demoUsers.SUPER_ADMIN.email, password: demoPassword },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** The listing's result line ('12 grants', '1 blog post'). */
const resultCount = (page: Page) => page.getByTestId('result-count');
const cardTitles = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading');
const searchParams = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const grantsLabel = (n: number) => (n === 1 ? '1 grant' : `${n.toLocaleString('en-US')} grants`);

/** The value that appears in the most grants' comma lists (never all of them): a filter worth testing. */
function commonest(grants: ApiGrant[], list: (g: ApiGrant) => string[]): string {
  const counts = new Map<string, number>();
  for (const g of grants) for (const item of new Set(list(g))) counts.set(item, (counts.get(item) ?? 0) + 1);
  const [best] = [...counts.entries()]
    .filter(([, n]) => n < grants.length)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return best![0];
}

/** Whole days from today (this machine's time zone, as the browser's) to a YYYY-MM-DD day. */
function daysFromToday(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const now = new Date();
  return Math.round(
    (Date.UTC(y, m - 1, d) - Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())) / 86_400_000,
  );
}

test.describe('Latest Grants (public)', () => {
  test('filters through the URL, and Reset clears every filter and reloads', async ({ page, request }) => {
    const all = await apiGrants(request);
    const country = commonest(all, (g) => splitList(g.country));
    const byCountry = await apiGrants(request, { country });

    await page.goto('/public-grants');
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Grants' })).toBeVisible();
    await expect(resultCount(page)).toHaveText(grantsLabel(all.length));

    await page.getByLabel('Country').selectOption(country);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => searchParams(page)).toEqual({ country });
    await expect(resultCount(page)).toHaveText(grantsLabel(byCountry.length));
    await expect(cardTitles(page).first()).toHaveText(byCountry[0]!.title);

    const reload = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/grants' && !new URL(r.url()).searchParams.has('country'),
    );
    await page.getByRole('button', { name: 'Reset' }).click();
    await reload;
    await expect(page).toHaveURL(/\/public-grants$/);
    await expect(page.getByLabel('Country')).toHaveValue('');
    await expect(page.getByLabel('Search grants')).toHaveValue('');
    await expect(resultCount(page)).toHaveText(grantsLabel((await apiGrants(request)).length));
  });

  test('a shared filtered link opens with its results and the filters filled in', async ({
    page,
    request,
  }) => {
    const all = await apiGrants(request);
    const area = commonest(all, (g) => splitList(g.areaOfInterest));
    const withArea = all.filter((g) => splitList(g.areaOfInterest).includes(area));
    // A word of one of those titles: the search narrows the area's grants further.
    const word = withArea[0]!.title.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w))!;
    const query = {
      areaOfInterest: area,
      search: word.slice(0, 4).toLowerCase(),
      publishedFrom: '2000-01-01',
      sortBy: 'title',
      sortOrder: 'asc',
    };
    const expected = await apiGrants(request, query);
    expect(expected.length).toBeGreaterThan(0);

    await page.goto(`/public-grants?${new URLSearchParams(query)}`);
    await expect(resultCount(page)).toHaveText(grantsLabel(expected.length));
    await expect(page.getByLabel('Search grants')).toHaveValue(query.search);
    await expect(page.getByLabel('Area of interest')).toHaveValue(area);
    await expect(page.getByLabel('Published from')).toHaveValue('2000-01-01');
    await expect(page.getByLabel('Sort by')).toHaveValue('title');
    await expect(page.getByLabel('Order')).toHaveValue('asc');
    const shown = Math.min(expected.length, 6);
    await expect(cardTitles(page).nth(shown - 1)).toBeVisible();
    expect((await cardTitles(page).allTextContents()).slice(0, shown)).toEqual(
      expected.slice(0, shown).map((g) => g.title),
    );
  });

  test('typing narrows the loaded list at once; Enter makes it a link', async ({ page, request }) => {
    const all = await apiGrants(request);
    const category = commonest(all, (g) => [g.category.trim()]);
    const expected = await apiGrants(request, { search: category });

    await page.goto('/public-grants');
    await expect(resultCount(page)).toHaveText(grantsLabel(all.length));
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/grants') asked.push(r.url());
    });
    await page.getByLabel('Search grants').pressSequentially(category);
    await expect(resultCount(page)).toHaveText(grantsLabel(expected.length));
    expect(asked, 'typing alone asks the server nothing').toEqual([]);

    await page.getByLabel('Search grants').press('Enter');
    await expect.poll(() => searchParams(page)).toEqual({ search: category });
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    await expect(resultCount(page)).toHaveText(grantsLabel(expected.length));
  });

  test('a first visit arrives with its grants and runs no page code until the visitor uses the page', async ({
    browser,
    request,
    server,
  }) => {
    const all = await apiGrants(request);
    const category = commonest(all, (g) => [g.category.trim()]);
    const expected = await apiGrants(request, { search: category });
    // A browser of its own: the fixture's page would use the page (to wait for the app) on arrival.
    const context = await browser.newContext({ baseURL: server.baseURL, serviceWorkers: 'block' });
    const visitor = await context.newPage();
    const scripts: string[] = [];
    const asked: string[] = [];
    visitor.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.resourceType() === 'script') scripts.push(path);
      if (path === '/api/grants') asked.push(r.url());
    });
    await visitor.addInitScript(() => {
      const workers = navigator.serviceWorker;
      const register = workers.register.bind(workers);
      workers.register = (...args) => {
        (window as { swAsked?: boolean }).swAsked = true;
        return register(...args);
      };
    });
    await visitor.goto('/public-grants');
    await expect(cardTitles(visitor).first()).toHaveText(all[0]!.title);
    await expect(cardTitles(visitor)).toHaveCount(9);
    // Loaded, and boot.js has had its idle turn after the load (it registers the service worker
    // then): a build-time page would have started its code by now.
    await visitor.waitForFunction(() => (window as { swAsked?: boolean }).swAsked === true, undefined, {
      polling: 100,
    });
    // No script file at all: the boot script is in the page (ADR 0035).
    expect(scripts).toEqual([]);
    expect(asked, 'the grants came with the page').toEqual([]);

    // Typed before the code runs: the text is kept, the code starts, and the list narrows as usual.
    await visitor.getByLabel('Search grants').pressSequentially(category);
    await expect(visitor.locator('html')).toHaveAttribute('data-app-ready', 'true');
    await expect(visitor.getByLabel('Search grants')).toHaveValue(category);
    await expect(resultCount(visitor)).toHaveText(grantsLabel(expected.length));
    expect(asked, 'typing alone asks the server nothing').toEqual([]);
    await context.close();
  });

  test("says 'No grants found.' when nothing matches", async ({ page }) => {
    await page.goto('/public-grants?search=qqxzzy%20wwkvv');
    await expect(page.getByText('No grants found.')).toBeVisible();
    await expect(resultCount(page)).toHaveText('0 grants');
    await expect(page.getByLabel('Search grants')).toHaveValue('qqxzzy wwkvv');
  });

  test('works on a 360px phone: one column of cards, filters stacked', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/public-grants');
    await expect(cardTitles(page).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const [first, second] = await page
      .getByRole('main')
      .getByRole('article')
      .evaluateAll((els) => els.slice(0, 2).map((el) => el.getBoundingClientRect().left));
    expect(first).toBe(second);
  });
});

test.describe('Latest Grants over 10,000 grants', () => {
  // Its own server: 10,000 generated grants written with SQL before it starts (support/bulk-grants.ts).
  let server: ServerProcess;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServerWithGrants(10_000);
  });
  test.afterAll(async () => {
    await server?.dispose();
  });

  /** The API's first `count` grants, read page by page as the client reads them. */
  async function firstGrants(count: number, filters: Record<string, string> = {}): Promise<ApiGrant[]> {
    const grants: ApiGrant[] = [];
    let cursor: string | null = null;
    while (grants.length < count) {
      const query: URLSearchParams = new URLSearchParams({
        ...filters,
        limit: '100',
        ...(cursor ? { cursor } : {}),
      });
      const res: Response = await fetch(`${server.baseURL}/api/grants?${query}`);
      expect(res.ok).toBe(true);
      grants.push(...((await res.json()) as ApiGrant[]));
      cursor = res.headers.get('Next-Cursor');
      if (!cursor) break;
    }
    return grants;
  }

  test('a 360px phone scrolls page after page: few cards in the page, the count growing, Tab from card to card, filtering offline', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const asked: URLSearchParams[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/grants') asked.push(url.searchParams);
    });
    const expected = (await firstGrants(400)).map((g) => g.title);
    await page.goto(`${server.baseURL}/public-grants`);
    // The API gives no total: the count says how many are loaded and that more follow.
    await expect(resultCount(page)).toHaveText('100+ grants');
    const item = (n: number) => page.locator(`[role="listitem"][aria-posinset="${n}"]`);
    await expect(item(1).getByRole('heading')).toHaveText(expected[0]!);
    await expect(item(1)).toHaveAttribute('aria-setsize', '-1');

    // Scrolling to the end of what is loaded asks for the next page: four pages, in the API's order.
    for (let pages = 1; pages <= 3; pages++) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      for (const n of [pages * 100, pages * 100 + 1])
        await expect(item(n).getByRole('heading'), `grant ${n}`).toHaveText(expected[n - 1]!);
    }
    await expect(resultCount(page)).toHaveText(/^[4-9]00\+ grants$/);
    const cursors = asked.map((q) => q.get('cursor')).filter(Boolean);
    expect(cursors.length).toBeGreaterThanOrEqual(3);
    expect(asked.every((q) => q.get('limit') === '100')).toBe(true);
    // Virtualised: only the cards near the viewport are in the page, however far it scrolled.
    expect(await page.getByRole('main').getByRole('article').count()).toBeLessThan(20);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // Keyboard: Tab walks from one card's link to the next card's, the page following it.
    await item(301)
      .getByRole('link', { name: /View Details/ })
      .focus();
    for (const n of [302, 303, 304, 305]) {
      await page.keyboard.press('Tab');
      await expect(item(n).getByRole('link', { name: /View Details/ })).toBeFocused();
    }

    // Offline, a search never made online is answered from the pages seen, with the server's rules.
    const category = (await firstGrants(1))[0]!.category;
    const matching = new Set((await firstGrants(10_000, { search: category })).map((g) => g.title));
    await context.setOffline(true);
    try {
      await page.getByLabel('Search grants').fill(category);
      await page.getByLabel('Search grants').press('Enter');
      await expect(page.getByTestId('saved-results')).toContainText('Offline: showing results saved');
      // Some of the matches are in the pages seen; the others were never loaded: at least that many.
      await expect(resultCount(page)).toHaveText(/^\d+\+ grants$/);
      const shown = await page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
      expect(shown.length).toBeGreaterThan(0);
      for (const title of shown) expect(matching, title).toContain(title);
    } finally {
      await context.setOffline(false);
    }
  });
});

test.describe('Latest Blogs (public)', () => {
  test('filters by category through the URL, and Reset brings every post back', async ({ page, request }) => {
    const [seeded] = await seededBlogs(request);
    const category = seeded!.category.trim();

    await page.goto('/public-blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Blogs' })).toBeVisible();
    await expect(cardTitles(page).first()).toBeVisible();
    await page.getByLabel('Category').selectOption(category);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => searchParams(page)).toEqual({ category });
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all())
      await expect(card.getByText(category, { exact: true }).first()).toBeVisible();
    await expect(resultCount(page)).toHaveText(new RegExp(`^${await cards.count()} blog posts?$`));

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/\/public-blogs$/);
    await expect(page.getByLabel('Category')).toHaveValue('');
    await expect.poll(() => cards.count()).toBeGreaterThan(1);
  });

  test('a shared filtered link opens with its results and the filters filled in', async ({
    page,
    request,
  }) => {
    const [post] = await seededBlogs(request);
    const word = post!.title.split(/\s+/).find((w) => /^[A-Za-z]{5,}$/.test(w))!;
    const query = { category: post!.category.trim(), search: word, publishedTo: '2999-12-31' };
    await page.goto(`/public-blogs?${new URLSearchParams(query)}`);
    await expect(page.getByLabel('Search blogs')).toHaveValue(word);
    await expect(page.getByLabel('Category')).toHaveValue(query.category);
    await expect(page.getByLabel('Published to')).toHaveValue('2999-12-31');
    await expect(cardTitles(page).filter({ hasText: post!.title })).toBeVisible();
    const expected = await seededBlogs(request, query);
    expect(await cardTitles(page).allTextContents()).toEqual(expected.map((b) => b.title));
  });

  test("says 'No blogs found.' when nothing matches, and Read More opens a post", async ({ page }) => {
    await page.goto('/public-blogs?search=qqxzzy');
    await expect(page.getByText('No blogs found.')).toBeVisible();
    await page.getByRole('button', { name: 'Reset' }).click();
    const first = page.getByRole('main').getByRole('article').first();
    const title = await first.getByRole('heading').textContent();
    await first.getByRole('link', { name: /Read More/ }).click();
    await expect(page).toHaveURL(/\/blogs\/[a-z0-9]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
    await expect(page.getByTestId('blog-content')).toBeVisible();
    await page.getByRole('link', { name: 'Back to blogs' }).click();
    await expect(page).toHaveURL(/\/public-blogs$/);
  });

  test("a post that cannot be loaded reads 'Blog not found.' in red", async ({ page }) => {
    await page.goto('/blogs/no-such-post');
    const alert = page.getByRole('alert').filter({ hasText: 'Blog not found.' });
    await expect(alert).toBeVisible();
    await expect(alert).toHaveClass(/\btext-red-700\b/);
    // The computed colour, whatever colour space the CSS uses, painted to get its red, green, blue.
    const [r, g, b] = await alert.evaluate((el) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.fillStyle = getComputedStyle(el).color;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data];
    });
    expect(r).toBeGreaterThan(150);
    expect(Math.max(g!, b!)).toBeLessThan(80);
  });
});

test.describe('Grant pages (signed in)', () => {
  test('the detail page counts down to the deadline and marks a closing one', async ({
    page,
    request,
    signIn,
  }) => {
    const all = await apiGrants(request, { sortBy: 'deadlineDate', sortOrder: 'asc' });
    const soon = all.find(
      (g) => g.deadlineDate && daysFromToday(g.deadlineDate) >= 2 && daysFromToday(g.deadlineDate) <= 14,
    )!;
    const later = all.find((g) => g.deadlineDate && daysFromToday(g.deadlineDate) > 14)!;
    const passed = all.find((g) => g.deadlineDate && daysFromToday(g.deadlineDate) < 0)!;

    await signIn('STAFF', `/grants/${soon.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(soon.title);
    await expect(page.getByTestId('deadline-countdown')).toHaveText(
      `${daysFromToday(soon.deadlineDate!)} days left`,
    );
    await expect(page.getByText('Closing soon')).toBeVisible();
    await expect(page.getByRole('link', { name: /Apply now/ })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByRole('heading', { name: 'Description' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Eligibility' })).toBeVisible();

    await page.goto(`/grants/${later.id}`);
    await expect(page.getByTestId('deadline-countdown')).toHaveText(
      `${daysFromToday(later.deadlineDate!)} days left`,
    );
    await expect(page.getByText('Closing soon')).toHaveCount(0);

    await page.goto(`/grants/${passed.id}`);
    await expect(page.getByTestId('deadline-countdown')).toHaveText('Deadline passed');

    await page.getByRole('link', { name: 'Back to grants' }).click();
    await expect(page).toHaveURL(/\/grants$/);
    // The URL changes before the detail article unmounts, so pick the first listing card, not any article.
    const firstCard = page
      .getByRole('main')
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: /View Details/ }) })
      .first();
    const title = await firstCard.getByRole('heading').textContent();
    await firstCard.getByRole('link', { name: /View Details/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
  });

  test("an unknown grant reads 'Grant not found.'", async ({ page, signIn }) => {
    await signIn('STAFF');
    await page.goto('/grants/no-such-grant');
    await expect(page.getByRole('heading', { level: 1, name: 'Grant not found.' })).toBeVisible();
  });

  test('a super admin adds a grant: inline messages first, then the new grant’s page', async ({
    page,
    request,
    signIn,
  }) => {
    await signIn('SUPER_ADMIN', '/grants');
    await page.getByRole('link', { name: 'Add grant' }).click();
    await expect(page).toHaveURL(/\/grants\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add a grant' })).toBeVisible();

    await page.getByLabel('Image URL (optional)').fill('not a web address');
    await page.getByRole('button', { name: 'Add grant' }).click();
    await expect(page.getByText('Title is required.')).toBeVisible();
    await expect(page.getByText('Donor agency is required.')).toBeVisible();
    await expect(page.getByText('Category is required.')).toBeVisible();
    await expect(page.getByText('Grant size is required.')).toBeVisible();
    await expect(
      page.getByText('Image URL must be a web address starting with http:// or https://.'),
    ).toBeVisible();
    await expect(page.getByLabel('Title')).toBeFocused();

    const title = `E2E Water Fund ${Date.now().toString(36)}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Donor agency').fill('E2E Foundation');
    await page.getByLabel('Category').fill('Water & Sanitation');
    await page.getByLabel('Grant size').fill('$5,000 - $20,000');
    await page.getByLabel('Image URL (optional)').fill('');
    await page.getByLabel('Post date').fill('2026-01-10');
    await page.getByLabel('Deadline (optional)').fill('2026-01-01');
    await page.getByLabel('Countries').fill(' Kenya ,Uganda,,');
    await page.getByLabel('Description').fill('Boreholes for schools.');
    await page.getByRole('button', { name: 'Add grant' }).click();
    await expect(page.getByText('The deadline must be after the post date.')).toBeVisible();

    await page.getByLabel('Deadline (optional)').fill('2099-06-30');
    await page.getByRole('button', { name: 'Add grant' }).click();
    await expect(page.getByText('Grant added.')).toBeVisible();
    await expect(page).toHaveURL(/\/grants\/[a-z0-9]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText('Boreholes for schools.')).toBeVisible();

    const id = new URL(page.url()).pathname.split('/').pop()!;
    const saved = await apiGet<ApiGrant>(request, `/api/grants/${id}`);
    expect(saved.country).toBe('Kenya, Uganda');
    const token = await superAdminToken(request);
    await request.delete(`/api/grants/${id}`, { headers: { authorization: `Bearer ${token}` } });
  });

  test('staff are not offered the form and are sent back from /grants/new', async ({ page, signIn }) => {
    await signIn('STAFF', '/grants');
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Grants' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add grant' })).toHaveCount(0);
    await page.goto('/grants/new');
    await expect(page).toHaveURL(/\/grants$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Grants' })).toBeVisible();
  });
});

/*
 * Markdown and HTML that try to run script. The server's CSP would block inline script anyway, so
 * the test looks at the DOM itself: nothing executable may reach it.
 */
const xssPayloads = [
  '<script>window.__xss = 1; alert(1)</script>',
  '<img src=x onerror="window.__xss = 1; alert(1)">',
  '<svg onload="window.__xss = 1; alert(1)"><circle r="1"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;"></mglyph></table></mtext></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>parent.__xss = 1</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<a href="javascript:alert(1)">plain javascript link</a>',
  '<a href="  JaVaScRiPt:alert(1)">mixed case link</a>',
  '<a href="java&#x09;script:alert(1)">tab inside link</a>',
  '<a href="&#106;avascript:alert(1)">entity link</a>',
  '[markdown link](javascript:alert(1))',
  '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![markdown image](javascript:alert(1))',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus="window.__xss = 1; alert(1)">',
  '<details open ontoggle="window.__xss = 1; alert(1)"><summary>x</summary></details>',
  '<body onload="alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:/">',
  '<style>body { display: none }</style>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<a href="#" onclick="alert(1)">onclick link</a>',
  '<video><source onerror="alert(1)"></video>',
  '<img src="https://example.org/a.png" srcset="javascript:alert(1) 1x">',
];

test.describe('Blog page', () => {
  test.describe.configure({ timeout: 120_000 });

  test(`renders ${xssPayloads.length} XSS payloads in blog content inert`, async ({ page, request }) => {
    expect(xssPayloads.length).toBeGreaterThanOrEqual(20);
    const token = await superAdminToken(request);
    const auth = { authorization: `Bearer ${token}` };
    const stamp = Date.now().toString(36);
    const ids: string[] = [];
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      for (const [i, payload] of xssPayloads.entries()) {
        const res = await request.post('/api/blogs', {
          headers: auth,
          data: {
            title: `XSS check ${i + 1} ${stamp}`,
            category: 'Security',
            summary: 'Payloads that must stay inert.',
            content: `Before payload ${i + 1}.\n\n${payload}\n\nAfter payload ${i + 1}.`,
            source: 'manual',
          },
        });
        expect(res.status(), payload).toBe(201);
        ids.push(((await res.json()) as { id: string }).id);
      }

      for (const [i, id] of ids.entries()) {
        const payload = xssPayloads[i]!;
        await page.goto(`/blogs/${id}`);
        const content = page.getByTestId('blog-content');
        await expect(content.getByText(`Before payload ${i + 1}.`), payload).toBeVisible();
        await expect(content.getByText(`After payload ${i + 1}.`), payload).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 }), payload).toHaveText(
          `XSS check ${i + 1} ${stamp}`,
        );

        const findings = await page.evaluate(() => {
          const found: string[] = [];
          const root = document.querySelector('[data-testid="blog-content"]')!;
          const banned =
            'script, iframe, object, embed, form, input, button, style, link, meta, base, svg, math, video, source';
          for (const el of root.querySelectorAll(banned)) found.push(`element <${el.tagName.toLowerCase()}>`);
          for (const el of document.querySelectorAll('body *')) {
            for (const attr of el.attributes) {
              if (/^on/i.test(attr.name)) found.push(`${el.tagName} ${attr.name}`);
            }
          }
          for (const el of root.querySelectorAll('*')) {
            for (const name of ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'style']) {
              const value = el.getAttribute(name);
              if (value === null) continue;
              if (
                name === 'style' ||
                name === 'srcset' ||
                // Browsers skip control characters and spaces when reading a scheme.
                /^(javascript|data|vbscript):/i.test([...value].filter((c) => c > ' ').join(''))
              )
                found.push(`${el.tagName} ${name}="${value}"`);
            }
            if (
              el.tagName === 'A' &&
              el.hasAttribute('href') &&
              el.getAttribute('rel') !== 'noopener noreferrer'
            )
              found.push('link without rel');
          }
          if ((window as { __xss?: unknown }).__xss !== undefined) found.push('window.__xss was set');
          if (getComputedStyle(document.body).display === 'none') found.push('injected style applied');
          return found;
        });
        expect(findings, payload).toEqual([]);
      }
      expect(dialogs).toEqual([]);
    } finally {
      for (const id of ids) await request.delete(`/api/blogs/${id}`, { headers: auth });
    }
  });
});

// One test per page and theme, so a time limit covers one axe scan; the scans share a tab per theme.
for (const theme of ['light', 'dark'] as const) {
  const visitor: Screen = { theme, viewport: desktop };
  const superAdmin: Screen = { theme, viewport: desktop, as: 'SUPER_ADMIN' };
  scanTest.describe(`accessibility, ${theme} theme`, () => {
    for (const path of ['/public-grants', '/public-blogs'] as const) {
      scanTest(`${path}, loaded, has no serious accessibility violations`, async ({ tabFor }) => {
        const page = await tabFor(visitor);
        const violations = await scan(page, path, visitor, (p) =>
          expect(cardTitles(p).first()).toBeVisible(),
        );
        expect(violations).toEqual([]);
      });
    }

    scanTest('a blog post has no serious accessibility violations', async ({ tabFor, request }) => {
      const [blog] = await seededBlogs(request);
      const page = await tabFor(visitor);
      const violations = await scan(page, `/blogs/${blog!.id}`, visitor, (p) =>
        expect(p.getByTestId('blog-content')).toBeVisible(),
      );
      expect(violations).toEqual([]);
    });

    scanTest('/grants, loaded, has no serious accessibility violations', async ({ tabFor }) => {
      const page = await tabFor(superAdmin);
      const violations = await scan(page, '/grants', superAdmin, (p) =>
        expect(cardTitles(p).first()).toBeVisible(),
      );
      expect(violations).toEqual([]);
    });

    scanTest('a grant page has no serious accessibility violations', async ({ tabFor, request }) => {
      const [grant] = await apiGrants(request);
      const page = await tabFor(superAdmin);
      const violations = await scan(page, `/grants/${grant!.id}`, superAdmin, (p) =>
        expect(p.getByTestId('deadline-countdown')).toBeVisible(),
      );
      expect(violations).toEqual([]);
    });

    scanTest('/grants/new with its messages has no serious accessibility violations', async ({ tabFor }) => {
      const page = await tabFor(superAdmin);
      const violations = await scan(page, '/grants/new', superAdmin, async (p) => {
        await p.getByRole('button', { name: 'Add grant' }).click();
        await expect(p.getByText('Title is required.')).toBeVisible();
      });
      expect(violations).toEqual([]);
    });
  });
}
