import type { Page, Route } from '@playwright/test';
import { expect, waitForApp } from './fixtures';

/**
 * Opens a prerendered page with its JavaScript held back, so only public/boot.js runs: the page as
 * a slow phone shows it between the first paint and the code's arrival (ADR 0025). The returned
 * `release` lets the code load and waits for the app.
 */
export async function openBeforeCode(page: Page, path: string): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', (route) => (released ? route.continue() : void held.push(route)));
  // The frame's own goto (a path resolves against the context's baseURL like page.goto's): the
  // fixture's page.goto waits for the app, which is what is held back here.
  await page.mainFrame().goto(path);
  await expect(page.locator('html')).not.toHaveAttribute('data-app-ready', 'true');
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
    await waitForApp(page);
  };
}
