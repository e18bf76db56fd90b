import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const publicPages = [
  '/',
  '/public-grants',
  '/public-blogs',
  '/pricing',
  '/contact',
  '/help-center',
  '/documentation',
  '/api',
  '/privacy-policy',
  '/terms-of-service',
  '/signin',
  '/signup',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/payment-success',
];
const viewports = { mobile: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } };

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    });

    for (const [width, viewport] of Object.entries(viewports)) {
      test(`every public page has no serious accessibility violations (${width})`, async ({ page }) => {
        test.setTimeout(150_000);
        await page.setViewportSize(viewport);
        for (const path of publicPages) {
          await page.goto(path);
          await expect(page.getByRole('heading').first()).toBeVisible();
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
            theme === 'dark',
          );
          expect(await seriousViolations(page), path).toEqual([]);
        }
      });
    }

    test('the portal has no serious accessibility violations', async ({ page, signIn }) => {
      await signIn('NGO_ADMIN');
      await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
      expect(await seriousViolations(page), '/dashboard').toEqual([]);
      await page.goto('/settings');
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      expect(await seriousViolations(page), '/settings').toEqual([]);
    });
  });
}
