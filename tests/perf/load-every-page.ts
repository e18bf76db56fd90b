import type { Page } from '@playwright/test';

/**
 * Scrolls a paged listing (lib/listing) to its end, as a reader who keeps going would, until its
 * result line gives the exact count (`10,000 grants`, no '+'): every page is then loaded, and
 * persisted for reading offline. The benches that measured 10,000 loaded grants measure the same.
 */
export async function loadEveryPage(page: Page, count: number, noun = 'grants', timeoutMs = 180_000) {
  const exact = page
    .getByTestId('result-count')
    .filter({ hasText: new RegExp(`^${count.toLocaleString('en')} ${noun}$`) });
  const deadline = Date.now() + timeoutMs;
  while (!(await exact.isVisible())) {
    if (Date.now() > deadline) throw new Error(`The listing did not load all ${count} ${noun} in time.`);
    const before = await page.getByTestId('result-count').textContent();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The next page changes the result line ('100+' → '200+'), or the last one makes it exact.
    await page
      .waitForFunction(
        (text) => document.querySelector('[data-testid="result-count"]')?.textContent !== text,
        before,
        { timeout: 15_000 },
      )
      .catch(() => undefined);
  }
}
