import type { Browser, Page, TestInfo } from '@playwright/test';
import { seriousViolations } from './axe';
import {
  demoPassword,
  demoUsers,
  expect,
  signInThroughForm,
  test as base,
  waitForApp,
  type DemoRole,
} from './fixtures';

/**
 * Accessibility scans change nothing, so the scans of one worker share one tab per screen (theme ×
 * viewport × who is signed in) instead of opening a browser context per test: a fresh context starts
 * with an empty cache and compiles the whole app again, which cost more than the scan itself on a
 * 2-core machine. Every page is still its own test, with its own time limit, and a full page load.
 */
export interface Screen {
  theme: 'light' | 'dark';
  viewport: { width: number; height: number };
  /** Signed in as this role (through the form, once per tab), or a visitor. */
  as?: DemoRole;
}

export const desktop = { width: 1280, height: 800 };
export const phone = { width: 360, height: 740 };

async function openTab(browser: Browser, baseURL: string, { theme, viewport, as }: Screen): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    serviceWorkers: 'block',
  });
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  if (as) {
    await visit(page, '/signin');
    await signInThroughForm(page, demoUsers[as].email, demoPassword);
    await expect(page.getByTestId('portal-label')).toHaveText(demoUsers[as].label);
  }
  return page;
}

/** A full page load, then the wait for the app to hydrate (as fixtures.ts does for `page.goto`). */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await waitForApp(page);
}

export const scanTest = base.extend<
  { tabFor: (screen: Screen) => Promise<Page> },
  { tabs: Map<string, Promise<Page>> }
>({
  tabs: [
    // The tabs are opened on this worker's server, so they go before it stops.
    async ({ server: _server }, use) => {
      const tabs = new Map<string, Promise<Page>>();
      await use(tabs);
      for (const tab of tabs.values()) await (await tab).context().close();
    },
    { scope: 'worker' },
  ],
  tabFor: async ({ browser, server, tabs }, use, testInfo: TestInfo) => {
    let used: Page | undefined;
    await use(async (screen) => {
      const key = `${screen.theme} ${screen.viewport.width} ${screen.as ?? 'visitor'}`;
      if (!tabs.has(key)) {
        const opening = openTab(browser, server.baseURL, screen);
        tabs.set(key, opening);
        // A tab that failed to open is opened afresh by the next test rather than failing it too.
        opening.catch(() => tabs.delete(key));
      }
      used = await tabs.get(key)!;
      return used;
    });
    // The shared tab is not the test's own page, so Playwright would not capture it on failure.
    if (used && testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('screenshot', { body: await used.screenshot(), contentType: 'image/png' });
  },
});

/** Opens `path` on the screen's tab, checks the theme took, and returns its serious axe violations. */
export async function scan(page: Page, path: string, screen: Screen, ready: (page: Page) => Promise<void>) {
  await visit(page, path);
  await ready(page);
  if (screen.theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  return seriousViolations(page);
}
