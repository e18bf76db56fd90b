import type { Page } from '@playwright/test';

/**
 * Waits until the page's app has hydrated (it marks `<html data-app-ready="true">`). A page the
 * server rendered over its data starts its code when first used (ADR 0028): a test is a visitor
 * about to use it, so it presses Shift, which changes nothing on the page but is a use.
 */
export async function waitForApp(page: Page, { timeout = 20_000 } = {}) {
  if (await page.locator('script[data-hydrate="on-use"]').count()) await page.keyboard.press('Shift');
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', undefined, {
    timeout,
  });
}
